import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newMember, TEST_START, type TestApp, type TestMember } from '../../test/harness.ts';
import { ManualClock } from '../../lib/clock.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { findMemberById } from '../accounts/accounts.repo.ts';
import { LotteryBetsService } from './bets.service.ts';
import { balanceOf, fundLottery, openPeriod } from './testing.ts';

const K3 = 'k3_1m';
const LINE = { play_code: 'k3_hz', bet_codes: '4,10', multiple: 1, unit: 'yuan' as const };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, new ManualClock(TEST_START));
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

/** The app's bets service, drawing the numbers a test scripts (then fresh ones) for bet numbers. */
function betsDrawing(numbers: string[]): LotteryBetsService {
  const s = t.app.services;
  let fresh = 0;
  return new LotteryBetsService(
    t.database.db,
    s.ledger,
    s.idempotency,
    s.clock,
    s.responsible,
    () => numbers.shift() ?? `LFRESH${++fresh}`,
  );
}

async function place(service: LotteryBetsService, m: TestMember, expect: string, lines = [LINE]) {
  const member = (await findMemberById(t.database.db, m.id))!;
  return service.create(
    { lottery_code: K3, expect, bets: lines },
    { member, idempotencyKey: undefined, route: 'POST /v1/liujiu/bet/create' },
  );
}

describe('lottery bet numbers', () => {
  it('a number another bet already has is drawn again, not refused', async () => {
    const period = await openPeriod(t, K3);
    const [a, b] = [await newMember(t.app), await newMember(t.app)];
    await fundLottery(t, a, 10_000n);
    await fundLottery(t, b, 10_000n);

    const first = await place(betsDrawing(['L-A']), a, period.number);
    expect(first.bets.map((x) => x.bet_no)).toEqual(['L-A']);

    // The second member draws the same number first (in the same second, 1 in 10^8), then another.
    const numbers = ['L-A', 'L-B'];
    const second = await place(betsDrawing(numbers), b, period.number);
    expect(second.bets.map((x) => x.bet_no)).toEqual(['L-B']);
    expect(numbers).toEqual([]);
    expect(await balanceOf(t, b)).toBe(10_000n - 400n);

    // Two lines of one slip that draw one number: the second line draws again.
    const both = await place(betsDrawing(['L-C', 'L-C', 'L-D']), b, period.number, [LINE, LINE]);
    expect(both.bets.map((x) => x.bet_no)).toEqual(['L-C', 'L-D']);
    expect(await balanceOf(t, b)).toBe(10_000n - 1_200n);
  });

  it('gives up after five numbers all taken, and the slip changes nothing', async () => {
    const period = await openPeriod(t, K3);
    const m = await newMember(t.app);
    await fundLottery(t, m, 10_000n);
    await place(betsDrawing(['L-X']), m, period.number);
    await expect(place(betsDrawing(Array<string>(5).fill('L-X')), m, period.number)).rejects.toThrow(
      'no free lottery bet number',
    );
    expect(await balanceOf(t, m)).toBe(10_000n - 400n);
  });
});
