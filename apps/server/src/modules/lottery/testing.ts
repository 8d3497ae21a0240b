/**
 * Helpers for the lottery module tests. Jobs are off in tests: a test drives the scheduler's
 * tick itself and moves the app's ManualClock instead of waiting for the real time. Each test
 * file has a database of its own, so any file may tick any lottery to any time.
 */
import {
  commitment,
  currentPeriod,
  deriveOpenCode,
  findLottery,
  nextPeriod,
  previousPeriod,
  type LotteryConfig,
  type LotteryPeriod,
} from '@app/shared';
import { inTransaction } from '../../db/tx.ts';
import { ManualClock } from '../../lib/clock.ts';
import { as, type TestApp, type TestMember } from '../../test/harness.ts';
import { deriveSeed } from './draw-seed.ts';
import * as repo from './lottery.repo.ts';

export function configOf(code: string): LotteryConfig {
  const config = findLottery(code);
  if (!config) throw new Error(`no lottery ${code}`);
  return config;
}

/** The app's clock, which lottery tests move (createTestApp with a ManualClock). */
export function clockOf(t: TestApp): ManualClock {
  const clock = t.app.services.clock;
  if (!(clock instanceof ManualClock))
    throw new Error('lottery tests move time: give createTestApp a ManualClock');
  return clock;
}

/** One scheduler pass for these lotteries only, at `at` or else the app's clock. */
export function tick(t: TestApp, codes: string[], at?: Date | number) {
  const time = at === undefined ? t.app.services.clock.now().getTime() : new Date(at).getTime();
  return t.app.services.lotteryScheduler.tick(new Date(time), { codes });
}

/**
 * A period open for bets at the app's clock with at least `minLeftMs` before 封盘: the current
 * one, or, when that closes sooner, the next one, the clock moved to its opening (no waiting).
 */
export function openPeriod(t: TestApp, code: string, minLeftMs = 6_000): Promise<LotteryPeriod> {
  return playablePeriod(t, code, minLeftMs);
}

/** Like `openPeriod`, at whatever time the clock shows (a test may have set it into the past). */
export async function playablePeriod(t: TestApp, code: string, minLeftMs = 6_000): Promise<LotteryPeriod> {
  const clock = clockOf(t);
  const config = configOf(code);
  await tick(t, [code]);
  let period = currentPeriod(config, clock.now().getTime());
  if (period.closeAt - clock.now().getTime() < minLeftMs) {
    period = nextPeriod(config, period);
    clock.set(period.openAt);
    // The pass above created it ahead; this one opens it.
    await tick(t, [code]);
  }
  return period;
}

/** The period before the current one on the app's clock: its 封盘 is already past. */
export function pastPeriod(t: TestApp, code: string): LotteryPeriod {
  const config = configOf(code);
  return previousPeriod(config, currentPeriod(config, t.app.services.clock.now().getTime()));
}

export async function periodRow(t: TestApp, code: string, number: string): Promise<repo.PeriodRow> {
  const row = await repo.findPeriod(t.database.db, code, number);
  if (!row) throw new Error(`period ${code} ${number} missing`);
  return row;
}

/** The draw seed key the test app derives its seeds from (the harness's test key unless DRAW_SEED_KEY was given). */
export function seedKeyOf(t: TestApp): Buffer {
  const hex = t.config.lottery.drawSeedKey;
  if (!hex) throw new Error('this test app has no DRAW_SEED_KEY: its seeds are random and known to nobody');
  return Buffer.from(hex, 'hex');
}

/**
 * The open code a period will draw: the test's privilege is holding the draw seed key (the
 * database has no seed before the draw). Checked against the stored commitment.
 */
export async function futureOpenCode(t: TestApp, code: string, number: string): Promise<string> {
  const row = await periodRow(t, code, number);
  const seed = deriveSeed(seedKeyOf(t), code, number);
  if (commitment(seed) !== row.commitment)
    throw new Error(`period ${code} ${number}: not this key's commitment`);
  return deriveOpenCode(configOf(code).family, seed, number);
}

export async function fundLottery(t: TestApp, member: TestMember, fen: bigint): Promise<void> {
  await inTransaction(t.database.db, (work) =>
    t.app.services.ledger.post(work, { memberId: member.id, wallet: 'lottery', amount: fen, type: 'adjust' }),
  );
}

export async function fundMain(t: TestApp, member: TestMember, fen: bigint): Promise<void> {
  await inTransaction(t.database.db, (work) =>
    t.app.services.ledger.post(work, { memberId: member.id, amount: fen, type: 'adjust' }),
  );
}

export async function balanceOf(t: TestApp, member: TestMember, wallet = 'lottery'): Promise<bigint> {
  return (await t.app.services.ledger.balances(member.id)).get(wallet) ?? 0n;
}

export interface BetLine {
  play_code: string;
  bet_codes: string;
  multiple?: number;
  unit?: 'yuan' | 'jiao' | 'fen';
}

export function placeBets(
  t: TestApp,
  member: TestMember,
  code: string,
  expect: string,
  bets: BetLine[],
  key?: string,
) {
  return as(t.app, member, {
    method: 'POST',
    url: '/v1/liujiu/bet/create',
    payload: { lottery_code: code, expect, bets: bets.map((b) => ({ multiple: 1, ...b })) },
    headers: key ? { 'idempotency-key': key } : {},
  });
}

export async function statusOf(t: TestApp, periodId: number) {
  return (await repo.findPeriodById(t.database.db, periodId))?.status;
}
