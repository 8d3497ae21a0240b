import {
  maxPrize,
  passTypeOf,
  groupSelections,
  formatFen,
  type BetSelection,
  type PlayTypeId,
} from '@app/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { body, newMember, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  fund,
  oddsOf,
  openMatches,
  submit,
  type MatchRow,
} from '../../test/sports-helpers.ts';

let t: TestApp;
let football: MatchRow[];
beforeAll(async () => {
  t = await createSportsApp();
  football = await openMatches(t, 'football', 8);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

/** A leg of the play type on the match, at the book's current odds and line. */
async function leg(match: MatchRow, betType: string, option: string) {
  const { odds, line } = await oddsOf(t, match.id, `football.${betType}` as PlayTypeId);
  return { match_id: match.id, bet_type: betType, option, odds: odds[option]!, line };
}

describe('混合过关 with mixed play types', () => {
  it('places a 3串4 of 胜平负 + 让球胜平负 + 总进球, priced by the shared engine', async () => {
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const selections = [
      await leg(football[0]!, 'winDrawLose', 'h'),
      await leg(football[1]!, 'handicap', 'a'),
      await leg(football[2]!, 'totalGoals', '3'),
    ];
    const res = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '3x4',
      multiple: 1,
      selections,
    });
    expect(res.statusCode).toBe(200);
    const engine: BetSelection[] = selections.map((s) => ({
      matchId: String(s.match_id),
      sport: 'football',
      betType: s.bet_type as BetSelection['betType'],
      option: s.option,
      odds: s.odds,
      line: s.line,
    }));
    const grouped = groupSelections(engine);
    if (!grouped.ok) throw new Error(grouped.message);
    expect(body(res).data).toMatchObject({
      bet_count: 4,
      total_amount: '8.00',
      pass_type_name: '3串4',
      max_prize: formatFen(maxPrize(grouped.picks, passTypeOf('3x4'), 1)),
    });
  });

  it('limits the parlay to the smallest max-passes among the chosen play types', async () => {
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    // 总进球 allows 6 关: seven matches with one 总进球 leg are refused, six are placed.
    const seven = [
      await leg(football[0]!, 'totalGoals', '2'),
      ...(await Promise.all(football.slice(1, 7).map((x) => leg(x, 'winDrawLose', 'h')))),
    ];
    const refused = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '7x1',
      multiple: 1,
      selections: seven,
    });
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe('混合过关最多6关');
    const placed = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '6x1',
      multiple: 1,
      selections: seven.slice(0, 6),
    });
    expect(placed.statusCode).toBe(200);
    // 比分 (4 关) with 让球: a 5-match parlay is refused before any money moves.
    const balance = (await t.app.services.ledger.balances(m.id)).get('main');
    const five = [
      await leg(football[0]!, 'score', '1:0'),
      ...(await Promise.all(football.slice(1, 5).map((x) => leg(x, 'handicap', 'h')))),
    ];
    const tooMany = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '5x1',
      multiple: 1,
      selections: five,
    });
    expect(body(tooMany).message).toBe('混合过关最多4关');
    expect((await t.app.services.ledger.balances(m.id)).get('main')).toBe(balance);
  });

  it('refuses two play types on one match: 同一场比赛不能选择不同游戏', async () => {
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const res = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '2x1',
      multiple: 1,
      selections: [
        await leg(football[0]!, 'winDrawLose', 'h'),
        await leg(football[0]!, 'handicap', 'h'),
        await leg(football[1]!, 'winDrawLose', 'h'),
      ],
    });
    expect(body(res).message).toBe('同一场比赛不能选择不同游戏');
  });
});
