import { describe, expect, it } from 'vitest';
import { passTypeOf, SINGLE_PASS } from './pass-types.ts';
import { groupSelections, type BetSelection, type MatchPick } from './picks.ts';
import { betCountOf, betPrize, betsOf, maxPrize, minPrize, prizeCap, totalStake } from './prize.ts';

const OUTCOMES = ['h', 'd', 'a'];
/** Win-draw-lose options of one match with the given odds, in h/d/a order. */
const wdl = (matchId: string, ...odds: string[]): BetSelection[] =>
  odds.map((o, i) => ({
    matchId,
    sport: 'football',
    betType: 'winDrawLose',
    option: OUTCOMES[i] ?? 'h',
    odds: o,
  }));

function picksOf(selections: BetSelection[]): MatchPick[] {
  const grouped = groupSelections(selections);
  if (!grouped.ok) throw new Error(grouped.message);
  return grouped.picks;
}

/** The uncapped prize, computed the long way round for comparison. */
const uncapped = (odds: bigint[], multiple: number) =>
  odds.reduce((p, o) => p * o, 200n * BigInt(multiple)) / 100n ** BigInt(odds.length);

describe('prize caps', () => {
  it('caps by matches in the bet: 1 → 100,000元; 2–3 → 200,000; 4–5 → 500,000; 6+ → 1,000,000', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(prizeCap)).toEqual([
      10_000_000n,
      20_000_000n,
      20_000_000n,
      50_000_000n,
      50_000_000n,
      100_000_000n,
      100_000_000n,
      100_000_000n,
    ]);
    expect(() => prizeCap(0)).toThrow(RangeError);
  });

  it('pays a single up to exactly 100,000元 and no more', () => {
    // A single's prize is 2 × multiple × odds-in-hundredths: always even, so the next step is 2分.
    expect(betPrize([1_000_000n], 5)).toBe(10_000_000n);
    expect(betPrize([999_999n], 5)).toBe(9_999_990n);
    expect(betPrize([5_000_001n], 1)).toBe(10_000_000n);
    expect(uncapped([5_000_001n], 1)).toBe(10_000_002n);
  });

  const boundaries: [number, bigint, [bigint[], number], [bigint[], number], [bigint[], number]][] = [
    [2, 20_000_000n, [[1553n, 7235n], 89], [[1169n, 106929n], 8], [[2078n, 120308n], 4]],
    [3, 20_000_000n, [[773n, 899n, 35975n], 4], [[356n, 163n, 861653n], 2], [[546n, 121n, 36039n], 42]],
    [
      4,
      50_000_000n,
      [[1278n, 153n, 1405n, 11375n], 8],
      [[118n, 101n, 1783n, 588241n], 2],
      [[201n, 1414n, 115n, 254962n], 3],
    ],
    [
      5,
      50_000_000n,
      [[446n, 182n, 926n, 2270n, 222n], 66],
      [[168n, 389n, 2274n, 617n, 27265n], 1],
      [[226n, 154n, 2657n, 324n, 83440n], 1],
    ],
    [
      6,
      100_000_000n,
      [[171n, 379n, 242n, 185n, 118n, 486793n], 3],
      [[120n, 1699n, 626n, 228n, 371n, 498n], 93],
      [[948n, 128n, 1158n, 1406n, 171n, 7400n], 2],
    ],
  ];

  for (const [k, cap, below, at, over] of boundaries) {
    it(`caps a ${k}-match bet at ${cap / 100n}元: one 分 below pays in full, one 分 over pays the cap`, () => {
      expect(uncapped(...below)).toBe(cap - 1n);
      expect(uncapped(...at)).toBe(cap);
      expect(uncapped(...over)).toBe(cap + 1n);
      expect(betPrize(...below)).toBe(cap - 1n);
      expect(betPrize(...at)).toBe(cap);
      expect(betPrize(...over)).toBe(cap);
    });
  }
});

describe('bet prize', () => {
  it('multiplies odds × 2元 × multiple and rounds down to the 分', () => {
    expect(betPrize([185n], 1)).toBe(370n);
    expect(betPrize([185n], 3)).toBe(1110n);
    // 1.85 × 2.15 × 2 = 7.955元 → 7.95
    expect(betPrize([185n, 215n], 1)).toBe(795n);
    // 1.33 × 1.47 × 1.59 × 2 = 6.217...元 → 6.21
    expect(betPrize([133n, 147n, 159n], 1)).toBe(621n);
    expect(betPrize([133n, 147n, 159n], 7)).toBe(4352n);
  });

  it('prices the total stake as bets × 2元 × multiple', () => {
    expect(totalStake(1, 1)).toBe(200n);
    expect(totalStake(17, 3)).toBe(10_200n);
    expect(totalStake(247, 40)).toBe(1_976_000n);
  });
});

describe('bet count of a slip', () => {
  it('counts options for singles and sub-bet products for parlays', () => {
    const picks = picksOf([
      ...wdl('m1', '1.50', '3.20', '5.00'),
      ...wdl('m2', '2.00', '3.10'),
      ...wdl('m3', '1.20'),
    ]);
    expect(betCountOf(picks, SINGLE_PASS)).toBe(6);
    expect(betCountOf(picks, passTypeOf('3x4'))).toBe(17);
    expect([...betsOf(picks, passTypeOf('3x4'))]).toHaveLength(17);
    expect([...betsOf(picks, SINGLE_PASS)]).toHaveLength(6);
  });

  it('lists bets with one option per match', () => {
    const picks = picksOf([...wdl('m1', '1.50', '3.20'), ...wdl('m2', '2.00')]);
    expect([...betsOf(picks, passTypeOf('2x1'))].map((b) => b.options)).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });
});

describe('maximum prize', () => {
  it('uses the single highest option per match, not every option', () => {
    const picks = picksOf([...wdl('m1', '1.50', '3.20', '5.00'), ...wdl('m2', '2.00', '3.10')]);
    // 5.00 × 3.10 × 2元 = 31元
    expect(maxPrize(picks, passTypeOf('2x1'), 1)).toBe(3100n);
    expect(maxPrize(picks, passTypeOf('2x1'), 10)).toBe(31_000n);
  });

  it('sums every sub-bet of the pass type, each capped', () => {
    const picks = picksOf([...wdl('m1', '2.00'), ...wdl('m2', '3.00'), ...wdl('m3', '4.00')]);
    // pairs 6 + 8 + 12, triple 24 (× 2元)
    expect(maxPrize(picks, passTypeOf('3x4'), 1)).toBe((6n + 8n + 12n + 24n) * 200n);
    const rich = picksOf([...wdl('a', '900.00'), ...wdl('b', '900.00'), ...wdl('c', '1.50')]);
    // a×b (1,620,000元) and a×b×c are capped at 200,000元; a×c and b×c pay 2,700元 each
    expect(maxPrize(rich, passTypeOf('3x4'), 1)).toBe(20_000_000n * 2n + 270_000n * 2n);
    // at multiple 99 a×c and b×c (267,300元) reach the cap too
    expect(maxPrize(rich, passTypeOf('3x4'), 99)).toBe(20_000_000n * 4n);
  });

  it('caps each single of a singles slip at 100,000元', () => {
    const picks = picksOf([...wdl('m1', '1.50', '3.20'), ...wdl('m2', '2000.00')]);
    expect(maxPrize(picks, SINGLE_PASS, 50)).toBe(32_000n + 10_000_000n);
  });

  it('shows the smallest non-zero prize from the smallest sub-bets at the lowest odds', () => {
    const picks = picksOf([...wdl('m1', '1.50', '3.20'), ...wdl('m2', '2.00'), ...wdl('m3', '1.20', '4.00')]);
    // smallest size of 3串4 is 2: cheapest pair is m1 1.50 × m3 1.20 × 2元 = 3.60元
    expect(minPrize(picks, passTypeOf('3x4'), 1)).toBe(360n);
    expect(minPrize(picks, passTypeOf('3x1'), 1)).toBe(720n);
    expect(minPrize(picks, SINGLE_PASS, 2)).toBe(480n);
  });
});
