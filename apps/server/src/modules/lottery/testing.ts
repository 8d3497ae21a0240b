/** Helpers for the lottery module tests (jobs are off in tests: they drive the scheduler's tick). */
import { eq } from 'drizzle-orm';
import {
  currentPeriod,
  deriveOpenCode,
  findLottery,
  previousPeriod,
  type LotteryConfig,
  type LotteryPeriod,
} from '@app/shared';
import { inTransaction } from '../../db/tx.ts';
import { as, type TestApp, type TestMember } from '../../test/harness.ts';
import * as repo from './lottery.repo.ts';
import { lotteryPeriods } from './lottery.table.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function configOf(code: string): LotteryConfig {
  const config = findLottery(code);
  if (!config) throw new Error(`no lottery ${code}`);
  return config;
}

/** One scheduler pass at `at` for these lotteries only (test files sharing PostgreSQL each own theirs). */
export function tick(t: TestApp, codes: string[], at: Date | number = Date.now()) {
  return t.app.services.lotteryScheduler.tick(new Date(at), { codes });
}

/**
 * The period open for bets now, created by a tick, with at least `minLeftMs` before 封盘
 * (waits for the next period when the current one is about to close).
 */
export async function openPeriod(t: TestApp, code: string, minLeftMs = 6_000): Promise<LotteryPeriod> {
  const config = configOf(code);
  let period = currentPeriod(config, Date.now());
  if (period.closeAt - Date.now() < minLeftMs) {
    await sleep(Math.max(0, period.drawAt - Date.now()) + 50);
    period = currentPeriod(config, Date.now());
  }
  await tick(t, [code]);
  return period;
}

/** The period before the current one: its 封盘 is already past on the real clock. */
export function pastPeriod(code: string): LotteryPeriod {
  const config = configOf(code);
  return previousPeriod(config, currentPeriod(config, Date.now()));
}

export async function periodRow(t: TestApp, code: string, number: string): Promise<repo.PeriodRow> {
  const row = await repo.findPeriod(t.database.db, code, number);
  if (!row) throw new Error(`period ${code} ${number} missing`);
  return row;
}

/** The open code a period will draw (the test's privilege: reading the secret seed). */
export async function futureOpenCode(t: TestApp, code: string, number: string): Promise<string> {
  const row = await periodRow(t, code, number);
  return deriveOpenCode(configOf(code).family, row.seed, number);
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
  const [row] = await t.database.db.select().from(lotteryPeriods).where(eq(lotteryPeriods.id, periodId));
  return row?.status;
}
