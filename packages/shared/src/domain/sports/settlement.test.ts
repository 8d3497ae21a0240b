import { describe, expect, it } from 'vitest';
import type { BetSelection } from './picks.ts';
import { PLAY_TYPES } from './play-types.ts';
import type { MatchResult } from './results.ts';
import {
  COMBO_FILTER_CODES,
  openMaxPrize,
  settleCombinations,
  settleLegs,
  settleOrder,
  type CombinationCounts,
  type OrderSettlement,
  type PlacedOrder,
} from './settlement.ts';

const wdl = (matchId: string, option: string, odds: string): BetSelection => ({
  matchId,
  sport: 'football',
  betType: 'winDrawLose',
  option,
  odds,
});
const ft = (home: number, away: number, halfHome = 0, halfAway = 0): MatchResult => ({
  status: 'finished',
  sport: 'football',
  fullTime: { home, away },
  halfTime: { home: halfHome, away: halfAway },
});
const bt = (home: number, away: number): MatchResult => ({
  status: 'finished',
  sport: 'basketball',
  final: { home, away },
});
const VOID: MatchResult = { status: 'void' };
const results = (entries: Record<string, MatchResult>) => new Map(Object.entries(entries));
const order = (passType: string, selections: BetSelection[], multiple = 1): PlacedOrder => ({
  passType,
  multiple,
  selections,
});

function settled(s: OrderSettlement): { status: string; payout: bigint; counts: CombinationCounts } {
  if (s.status === 'pending') throw new Error('still pending');
  return { status: s.status, payout: s.payout, counts: s.counts };
}

/** Totals by listing every bet, to compare with settleOrder's product-based totals. */
function listedTotals(o: PlacedOrder, r: ReadonlyMap<string, MatchResult>) {
  const counts: CombinationCounts = { total: 0, won: 0, lost: 0, void: 0, pending: 0 };
  let payout = 0n;
  for (const c of settleCombinations(o, r)) {
    counts.total++;
    counts[c.status]++;
    payout += c.payout;
  }
  return { counts, payout };
}

describe('singles', () => {
  it('pays odds × 2元 × multiple on a win', () => {
    const s = settleOrder(order('single', [wdl('m1', 'h', '1.85')], 2), results({ m1: ft(2, 0) }));
    expect(settled(s)).toEqual({
      status: 'won',
      payout: 740n,
      counts: { total: 1, won: 1, lost: 0, void: 0, pending: 0 },
    });
  });

  it('refunds the stake of a single on a void or cancelled match', () => {
    const o = order('single', [wdl('m1', 'h', '1.85'), wdl('m1', 'a', '4.00')], 3);
    expect(settled(settleOrder(o, results({ m1: VOID })))).toEqual({
      status: 'refunded',
      payout: 2n * 600n,
      counts: { total: 2, won: 0, lost: 0, void: 2, pending: 0 },
    });
    expect(settled(settleOrder(o, results({ m1: { status: 'cancelled' } }))).payout).toBe(1200n);
  });

  it('settles each single on its own match', () => {
    const o = order('single', [wdl('m1', 'h', '1.85'), wdl('m1', 'd', '3.30'), wdl('m2', 'a', '2.40')]);
    expect(settled(settleOrder(o, results({ m1: ft(1, 1), m2: ft(2, 0) })))).toMatchObject({
      status: 'won',
      payout: 660n,
      counts: { total: 3, won: 1, lost: 2 },
    });
    expect(settled(settleOrder(o, results({ m1: ft(0, 1), m2: ft(2, 0) })))).toMatchObject({
      status: 'lost',
      payout: 0n,
    });
  });

  it('caps a single at 100,000元', () => {
    const s = settleOrder(order('single', [wdl('m1', 'h', '600.00')], 99), results({ m1: ft(1, 0) }));
    expect(settled(s).payout).toBe(10_000_000n);
  });
});

describe('parlays', () => {
  it('pays a 2串1 the product of odds, rounded down to the 分', () => {
    const o = order('2x1', [wdl('m1', 'h', '1.85'), wdl('m2', 'a', '2.15')]);
    // 1.85 × 2.15 × 2元 = 7.955元
    expect(settled(settleOrder(o, results({ m1: ft(1, 0), m2: ft(0, 1) })))).toMatchObject({
      status: 'won',
      payout: 795n,
    });
    expect(settled(settleOrder(o, results({ m1: ft(1, 0), m2: ft(1, 1) })))).toMatchObject({
      status: 'lost',
      payout: 0n,
    });
  });

  it('counts a void leg as odds 1.00', () => {
    const o = order('2x1', [wdl('m1', 'h', '1.85'), wdl('m2', 'a', '2.15')], 2);
    expect(settled(settleOrder(o, results({ m1: ft(1, 0), m2: VOID })))).toMatchObject({
      status: 'won',
      payout: 740n,
      counts: { won: 1 },
    });
    expect(settled(settleOrder(o, results({ m1: ft(0, 0), m2: VOID })))).toMatchObject({
      status: 'lost',
      payout: 0n,
    });
  });

  it('pays back the stake when every leg of a bet is void', () => {
    const o = order('2x1', [wdl('m1', 'h', '1.85'), wdl('m2', 'a', '2.15')], 5);
    expect(settled(settleOrder(o, results({ m1: VOID, m2: { status: 'cancelled' } })))).toEqual({
      status: 'refunded',
      payout: 1_000n,
      counts: { total: 1, won: 0, lost: 0, void: 1, pending: 0 },
    });
  });

  it('pays only the sub-bets of a 3串4 that won', () => {
    const o = order('3x4', [wdl('m1', 'h', '2.00'), wdl('m2', 'h', '3.00'), wdl('m3', 'h', '4.00')]);
    const s = settled(settleOrder(o, results({ m1: ft(1, 0), m2: ft(0, 0), m3: ft(2, 1) })));
    // only the pair m1 × m3 = 8.00 × 2元
    expect(s).toEqual({
      status: 'won',
      payout: 1600n,
      counts: { total: 4, won: 1, lost: 3, void: 0, pending: 0 },
    });
  });

  it('settles a 复式 parlay with one winning combination among several', () => {
    const o = order('2x1', [
      wdl('m1', 'h', '1.50'),
      wdl('m1', 'd', '3.20'),
      wdl('m2', 'h', '2.00'),
      wdl('m2', 'a', '3.60'),
    ]);
    const s = settled(settleOrder(o, results({ m1: ft(1, 1), m2: ft(0, 2) })));
    expect(s).toEqual({
      status: 'won',
      payout: 2304n,
      counts: { total: 4, won: 1, lost: 3, void: 0, pending: 0 },
    });
  });

  it('pays each option of a void match in a 复式 parlay at 1.00', () => {
    const score = (option: string, odds: string): BetSelection => ({
      matchId: 'm1',
      sport: 'football',
      betType: 'score',
      option,
      odds,
    });
    const o = order('2x1', [
      score('1:0', '7.00'),
      score('2:1', '8.50'),
      score('other_h', '40.00'),
      wdl('m2', 'h', '2.50'),
    ]);
    expect(settled(settleOrder(o, results({ m1: VOID, m2: ft(3, 0) })))).toEqual({
      status: 'won',
      payout: 3n * 500n,
      counts: { total: 3, won: 3, lost: 0, void: 0, pending: 0 },
    });
  });

  it('caps each bet of a parlay by its size', () => {
    const big = [
      wdl('m1', 'h', '100.00'),
      wdl('m2', 'h', '100.00'),
      wdl('m3', 'h', '100.00'),
      wdl('m4', 'h', '100.00'),
    ];
    const s = settled(
      settleOrder(
        order('4x11', big, 10),
        results({ m1: ft(1, 0), m2: ft(1, 0), m3: ft(1, 0), m4: ft(1, 0) }),
      ),
    );
    // pairs: 10,000 × 20元 = 200,000元 = cap; triples and the four-fold capped too
    expect(s.payout).toBe(6n * 20_000_000n + 4n * 20_000_000n + 50_000_000n);
  });

  it('settles mixed basketball play types with overtime and lines', () => {
    const o = order('3x1', [
      { matchId: 'b1', sport: 'basketball', betType: 'handicap', option: 'h', odds: '1.75', line: '-5.5' },
      {
        matchId: 'b2',
        sport: 'basketball',
        betType: 'total-score',
        option: 'over',
        odds: '1.80',
        line: '215.5',
      },
      { matchId: 'b3', sport: 'basketball', betType: 'score-diff', option: 'a1-5', odds: '4.20' },
    ]);
    const r = results({ b1: bt(110, 104), b2: bt(112, 110), b3: bt(118, 120) });
    // 1.75 × 1.80 × 4.20 × 2元 = 26.46元
    expect(settled(settleOrder(o, r))).toMatchObject({ status: 'won', payout: 2646n });
    expect(settleLegs(o, r)).toEqual(['won', 'won', 'won']);
  });
});

describe('pending orders', () => {
  it('stays pending until every leg is settled, with what is already won shown apart', () => {
    const o = order('3x4', [wdl('m1', 'h', '2.00'), wdl('m2', 'h', '3.00'), wdl('m3', 'h', '4.00')]);
    const s = settleOrder(o, results({ m1: ft(1, 0), m2: ft(2, 0) }));
    expect(s).toEqual({
      status: 'pending',
      legs: ['won', 'won', 'pending'],
      counts: { total: 4, won: 1, lost: 0, void: 0, pending: 3 },
      payoutSoFar: 1200n,
    });
    const lostAlready = settleOrder(o, results({ m1: ft(0, 1), m2: { status: 'pending' } }));
    expect(lostAlready).toMatchObject({
      status: 'pending',
      counts: { lost: 3, pending: 1 },
      payoutSoFar: 0n,
    });
  });
});

describe('combination listing', () => {
  it('lists every bet with its status, payout and potential prize', () => {
    const o = order('3x4', [wdl('m1', 'h', '2.00'), wdl('m2', 'h', '3.00'), wdl('m3', 'h', '4.00')]);
    const list = [...settleCombinations(o, results({ m1: ft(1, 0), m2: VOID, m3: ft(0, 0) }))];
    expect(list.map((c) => [c.legs, c.status, c.payout, c.potentialPrize])).toEqual([
      [[0, 1], 'won', 400n, 1200n],
      [[0, 2], 'lost', 0n, 1600n],
      [[1, 2], 'lost', 0n, 2400n],
      [[0, 1, 2], 'lost', 0n, 4800n],
    ]);
    expect(COMBO_FILTER_CODES).toEqual({ pending: 0, won: 1, void: 1, lost: 2 });
  });

  it('agrees with the product-based totals on a mixed bag of results', () => {
    let seed = 20_240_601;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const scoreKeys = PLAY_TYPES['football.totalGoals'].options.map((o) => o.key);
    for (let round = 0; round < 40; round++) {
      const selections: BetSelection[] = [];
      const r = new Map<string, MatchResult>();
      for (let m = 0; m < 6; m++) {
        const picked = scoreKeys.filter(() => rand(3) === 0);
        if (picked.length === 0) picked.push('2');
        for (const key of picked) {
          selections.push({
            matchId: `m${m}`,
            sport: 'football',
            betType: 'totalGoals',
            option: key,
            odds: `${2 + rand(30)}.${rand(10)}${rand(10)}`,
          });
        }
        const kind = rand(6);
        if (kind === 0) r.set(`m${m}`, VOID);
        else if (kind !== 1) r.set(`m${m}`, ft(rand(5), rand(4)));
      }
      const o = order(['6x57', '6x1', '6x20', '6x42'][round % 4] ?? '6x57', selections, 1 + rand(99));
      const s = settleOrder(o, r);
      const listed = listedTotals(o, r);
      expect(s.counts).toEqual(listed.counts);
      expect(s.status === 'pending' ? s.payoutSoFar : s.payout).toBe(listed.payout);
    }
  });

  it('settles 8串247 with several options per match and lists its bets lazily', () => {
    const selections = Array.from({ length: 8 }, (_, m) =>
      ['h', 'd', 'a'].map((o, i) => wdl(`m${m}`, o, `${i + 2}.00`)),
    ).flat();
    const r = results(
      Object.fromEntries(Array.from({ length: 8 }, (_, m) => [`m${m}`, m === 7 ? VOID : ft(1, 1)])),
    );
    const o = order('8x247', selections);
    const s = settled(settleOrder(o, r));
    expect(s.counts.total).toBe(4 ** 8 - 1 - 8 * 3);
    expect(listedTotals(o, r)).toEqual({ counts: s.counts, payout: s.payout });
    // draws at 3.00 in seven matches, m7 void (three options at 1.00): Σ_k C(7,k)·3^k·2元 + 3·C(7,k-1)·3^(k-1)·2元
    let expected = 0n;
    const c = (n: number, k: number) => {
      let x = 1;
      for (let i = 1; i <= k; i++) x = (x * (n - k + i)) / i;
      return BigInt(x);
    };
    for (let k = 2; k <= 8; k++)
      expected += (c(7, k) * 3n ** BigInt(k) + 3n * c(7, k - 1) * 3n ** BigInt(k - 1)) * 200n;
    expect(s.payout).toBe(expected);
  });

  it('totals a million-bet order from products without listing it', () => {
    const score = PLAY_TYPES['football.score'].options.map((o) => o.key);
    const selections = Array.from({ length: 4 }, (_, m) =>
      score.map((key): BetSelection => ({
        matchId: `m${m}`,
        sport: 'football',
        betType: 'score',
        option: key,
        odds: '10.00',
      })),
    ).flat();
    const s = settled(
      settleOrder(order('4x11', selections), results({ m0: ft(1, 0), m1: ft(7, 1), m2: VOID, m3: ft(3, 3) })),
    );
    expect(s.counts.total).toBe(6 * 31 ** 2 + 4 * 31 ** 3 + 31 ** 4);
    // m2 void: 31 options at 1.00; every other match has one winner at 10.00
    // pairs: 3 without m2 (100 × 2元) + 3 with m2 (31 × 10 × 2元); triples: 1 × 1000 + 3 × 31 × 100; four: 31 × 1000
    expect(s.payout).toBe(3n * 20_000n + 3n * 31n * 2_000n + 200_000n + 3n * 31n * 20_000n + 31n * 200_000n);
  });
});

describe('stored orders that do not fit', () => {
  it('throws rather than settling a malformed order', () => {
    const r = results({});
    expect(() => settleOrder(order('3x4', [wdl('m1', 'h', '2.00'), wdl('m2', 'h', '2.00')]), r)).toThrow(
      RangeError,
    );
    expect(() => settleOrder(order('nonsense', [wdl('m1', 'h', '2.00')]), r)).toThrow(RangeError);
    expect(() => settleOrder(order('single', [wdl('m1', 'h', '2.00')], 0), r)).toThrow(RangeError);
    expect(() => settleOrder(order('single', []), r)).toThrow(RangeError);
    const sameMatchTwice = [
      wdl('m1', 'h', '2.00'),
      { ...wdl('m1', 'h', '2.00'), betType: 'totalGoals' as const, option: '2' },
    ];
    expect(() => settleOrder(order('2x1', sameMatchTwice), r)).toThrow(RangeError);
  });
});

describe('openMaxPrize', () => {
  // 3串4 of 2.00, 3.00 and 1.50 at 2元 a bet: AB 12.00 + AC 6.00 + BC 9.00 + ABC 18.00.
  const slip = order('3x4', [wdl('A', 'h', '2.00'), wdl('B', 'h', '3.00'), wdl('C', 'h', '1.50')]);

  it('is the max prize at placement while no leg is decided', () => {
    expect(openMaxPrize(slip, ['pending', 'pending', 'pending'])).toBe(4500n);
  });

  it('takes a void leg at 1.00: AB 6.00 + AC 3.00 + BC 9.00 + ABC 9.00', () => {
    expect(openMaxPrize(slip, ['void', 'pending', 'pending'])).toBe(2700n);
    // The same as settling with the others won.
    const settled = settleOrder(slip, results({ A: VOID, B: ft(1, 0), C: ft(2, 0) }));
    expect(settled).toMatchObject({ status: 'won', payout: 2700n });
  });

  it('drops every bet with a lost leg: only AB is left, at 1.00 × 3.00', () => {
    expect(openMaxPrize(slip, ['void', 'pending', 'lost'])).toBe(600n);
    expect(openMaxPrize(slip, ['lost', 'lost', 'pending'])).toBe(0n);
  });

  it('keeps the best option still standing in a match with two', () => {
    const double = order('2x1', [wdl('A', 'h', '2.00'), wdl('A', 'd', '3.20'), wdl('B', 'h', '1.50')]);
    expect(openMaxPrize(double, ['pending', 'pending', 'pending'])).toBe(960n);
    expect(openMaxPrize(double, ['won', 'lost', 'pending'])).toBe(600n);
  });
});
