/** Helpers for the games module tests. */
import { inTransaction } from '../../db/tx.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { as, body, type TestApp, type TestMember } from '../../test/harness.ts';
import { transfersOfMember } from './games.repo.ts';

/**
 * No grace period, so tests reconcile at once. The provider's time limit runs on the app's clock:
 * a file with a ManualClock passes it with `pastTimeLimit`, and an answered call never times out.
 */
export const GAME_TEST_ENV = { GAME_PROVIDER_TIMEOUT_MS: '1500', GAME_RECONCILE_AFTER_MS: '0' };

export async function fundMain(t: TestApp, member: TestMember, fen: bigint): Promise<void> {
  await inTransaction(t.database.db, (work) =>
    t.app.services.ledger.post(work, { memberId: member.id, amount: fen, type: 'adjust' }),
  );
}

export async function mainOf(t: TestApp, member: TestMember): Promise<bigint> {
  return (await t.app.services.ledger.balances(member.id)).get('main') ?? 0n;
}

/** The member's balance in the provider's own books (the simulator's side). */
export function providerOf(t: TestApp, member: TestMember): Promise<bigint> {
  return t.app.services.demoProvider.balance(member.id);
}

export function transfer(t: TestApp, m: TestMember, payload: unknown, key?: string) {
  return as(t.app, m, {
    method: 'POST',
    url: '/v1/game/ng/transfer',
    payload: payload as object,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

export async function transfersOf(t: TestApp, m: TestMember) {
  return transfersOfMember(t.database.db, m.id);
}

/** Enters a game and returns the session id from its game data. */
export async function enterGame(
  t: TestApp,
  m: TestMember,
  code: string,
): Promise<{ session: string; url: string }> {
  const res = await as(t.app, m, {
    method: 'POST',
    url: '/v1/game/ng/enter-game',
    payload: { game_code: code },
  });
  const data = body<{ session_id: string; game_url: string }>(res).data;
  if (res.statusCode !== 200) throw new Error(`enter failed: ${res.body}`);
  return { session: data.session_id, url: data.game_url };
}

export function play(t: TestApp, session: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/games/demo/api/play', payload: { session, ...payload } });
}

/**
 * A call whose provider answer the test made the simulator lose: once the call waits on the
 * clock for its answer (and the simulator has done its side), the clock moves past the
 * provider's time limit and the call goes on.
 */
export async function pastTimeLimit<T>(t: TestApp, clock: ManualClock, call: Promise<T>): Promise<T> {
  await clock.untilSleeping();
  // A lost answer is lost after the provider did the work: let that finish before time runs out.
  await t.app.services.demoProvider.idle();
  clock.advance(t.config.games.timeoutMs);
  return call;
}
