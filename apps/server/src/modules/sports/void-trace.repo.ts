import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { operators } from '../../db/schema.ts';
import { matchCorrections } from './corrections.table.ts';
import { matches, orderLegs } from './sports.table.ts';
import type { CancelledMatchFact, CorrectionFact } from './void-trace.ts';

type VoidFacts = { corrections: CorrectionFact[]; cancelled: CancelledMatchFact[] };

/** What recorded a void or resettle of these matches: operators' corrections, cancelled results. */
export async function voidFactsOfMatches(db: Db, matchIds: readonly number[]): Promise<VoidFacts> {
  if (matchIds.length === 0) return { corrections: [], cancelled: [] };
  const ids = [...matchIds];
  const [corrections, cancelled] = await Promise.all([
    db
      .select({
        matchId: matchCorrections.matchId,
        kind: matchCorrections.kind,
        reason: matchCorrections.reason,
        operatorId: matchCorrections.operatorId,
        // For the console only: members are shown 运营人员, never this.
        operatorName: sql<string>`${operators.name} || '（' || ${operators.username} || '）'`,
        createdAt: matchCorrections.createdAt,
      })
      .from(matchCorrections)
      .innerJoin(operators, eq(operators.id, matchCorrections.operatorId))
      .where(inArray(matchCorrections.matchId, ids)),
    db
      .select({ matchId: matches.id, result: matches.result, finishedAt: matches.finishedAt })
      .from(matches)
      .where(and(inArray(matches.id, ids), eq(matches.status, 'cancelled'))),
  ]);
  return { corrections, cancelled };
}

/** The same, per order of a page (each order's facts are those of its legs' matches). */
export async function voidFactsOfOrders(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, VoidFacts>> {
  const byOrder = new Map<number, VoidFacts>();
  if (orderIds.length === 0) return byOrder;
  const legs = await db
    .selectDistinct({ orderId: orderLegs.orderId, matchId: orderLegs.matchId })
    .from(orderLegs)
    .where(inArray(orderLegs.orderId, [...orderIds]));
  const facts = await voidFactsOfMatches(db, [...new Set(legs.map((l) => l.matchId))]);
  for (const l of legs) {
    const own = byOrder.get(l.orderId) ?? { corrections: [], cancelled: [] };
    own.corrections.push(...facts.corrections.filter((c) => c.matchId === l.matchId));
    own.cancelled.push(...facts.cancelled.filter((c) => c.matchId === l.matchId));
    byOrder.set(l.orderId, own);
  }
  return byOrder;
}
