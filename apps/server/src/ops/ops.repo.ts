import { and, count, eq, gte, inArray, isNotNull, isNull, lt, min } from 'drizzle-orm';
import { sql } from '../db/sql.ts';
import type { Db } from '../db/client.ts';
import { lotteryPeriods } from '../modules/lottery/schema.ts';
import { operators } from '../modules/operators/schema.ts';
import { members } from '../modules/accounts/schema.ts';
import { matches } from '../modules/sports/schema.ts';
import { paymentCallbacks, paymentOrders } from '../modules/payments/schema.ts';

/** When the oldest finished-but-unsettled match finished and the oldest drawn-but-unsettled period was drawn. */
export async function oldestUnsettled(db: Db): Promise<{ match: Date | null; period: Date | null }> {
  const [[match], [period]] = await Promise.all([
    db
      .select({ at: min(matches.finishedAt) })
      .from(matches)
      .where(and(eq(matches.status, 'finished'), isNull(matches.settledAt))),
    db
      .select({ at: min(lotteryPeriods.drawnAt) })
      .from(lotteryPeriods)
      .where(and(eq(lotteryPeriods.status, 'drawn'), isNull(lotteryPeriods.settledAt))),
  ]);
  return { match: match?.at ?? null, period: period?.at ?? null };
}

/** Enabled operators with their password hashes (the production check looks for seeded passwords). */
export function enabledOperatorHashes(db: Db): Promise<Array<{ username: string; passwordHash: string }>> {
  return db
    .select({ username: operators.username, passwordHash: operators.passwordHash })
    .from(operators)
    .where(eq(operators.enabled, true));
}

/** Enabled members with these usernames and their password hashes. */
export function memberHashes(
  db: Db,
  usernames: string[],
): Promise<Array<{ username: string; passwordHash: string }>> {
  return db
    .select({ username: members.username, passwordHash: members.passwordHash })
    .from(members)
    .where(and(inArray(members.username, usernames), eq(members.enabled, 1)));
}

/**
 * The payment gateway's notifications and reconciliation answers since `since`, counted by gateway,
 * where they came from (notify or query) and what became of them.
 */
export function gatewayCallbacksSince(
  db: Db,
  since: Date,
): Promise<Array<{ gateway: string; source: string; outcome: string; n: number }>> {
  const source = sql<string>`CASE WHEN ${paymentCallbacks.payload}->>'source' = 'query' THEN 'query' ELSE 'notify' END`;
  return db
    .select({ gateway: paymentCallbacks.gateway, source, outcome: paymentCallbacks.outcome, n: count() })
    .from(paymentCallbacks)
    .where(gte(paymentCallbacks.createdAt, since))
    .groupBy(paymentCallbacks.gateway, source, paymentCallbacks.outcome);
}

/** Pending gateway deposits opened between `since` and `before`, by gateway. */
export function reconcileBacklog(
  db: Db,
  since: Date,
  before: Date,
): Promise<Array<{ gateway: string | null; n: number }>> {
  return db
    .select({ gateway: paymentOrders.gateway, n: count() })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, 'pending'),
        isNotNull(paymentOrders.gateway),
        gte(paymentOrders.createdAt, since),
        lt(paymentOrders.createdAt, before),
      ),
    )
    .groupBy(paymentOrders.gateway);
}
