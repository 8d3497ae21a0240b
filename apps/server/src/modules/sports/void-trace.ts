import { FEED_SETTLEMENT_ACTOR, operatorActor, voidByLabel } from '@app/shared';
import { z } from 'zod';

/**
 * Who voided or resettled a match an order has a leg on, and why, from the rows that recorded
 * it in the same transaction as the change: an operator's `match_corrections` row (operator and
 * reason), or a cancelled match's result (`{status: 'cancelled', reason, by}`, written by the
 * feed's sync or the 36 h job).
 */
export interface VoidTrace {
  action: '作废' | '重新结算';
  /** `operator:<id>`, `feed:settlement` or `job:<name>` (see @app/shared's void-trace). */
  actor: string;
  /** The operator's id and `name（username）` when an operator did it (the console shows them). */
  operatorId: number | null;
  operatorName: string | null;
  reason: string;
  at: Date | null;
}

export interface CorrectionFact {
  matchId: number;
  kind: 'void' | 'resettle';
  reason: string;
  operatorId: number;
  operatorName: string;
  createdAt: Date;
}

export interface CancelledMatchFact {
  matchId: number;
  /** The match's stored result (jsonb). */
  result: unknown;
  finishedAt: Date | null;
}

/** What a cancelled result written before its actor was recorded counts as: the feed's. */
export const FEED_CANCEL_DEFAULT_REASON = '赛事取消';

const cancelledResult = z.object({
  status: z.literal('cancelled'),
  reason: z.string().min(1).optional(),
  by: z.string().min(1).optional(),
});

/** The latest void or resettle among the order's matches (an operator's correction wins a tie). */
export function voidTraceOf(facts: {
  corrections: readonly CorrectionFact[];
  cancelled: readonly CancelledMatchFact[];
}): VoidTrace | null {
  const traces: VoidTrace[] = [];
  for (const m of facts.cancelled) {
    // An operator's void stores `{status: 'void'}`: its correction row says who and why.
    const parsed = cancelledResult.safeParse(m.result);
    if (!parsed.success) continue;
    traces.push({
      action: '作废',
      actor: parsed.data.by ?? FEED_SETTLEMENT_ACTOR,
      operatorId: null,
      operatorName: null,
      reason: parsed.data.reason ?? FEED_CANCEL_DEFAULT_REASON,
      at: m.finishedAt,
    });
  }
  for (const c of facts.corrections)
    traces.push({
      action: c.kind === 'void' ? '作废' : '重新结算',
      actor: operatorActor(c.operatorId),
      operatorId: c.operatorId,
      operatorName: c.operatorName,
      reason: c.reason,
      at: c.createdAt,
    });
  let latest: VoidTrace | null = null;
  for (const t of traces)
    if (latest === null || (t.at?.getTime() ?? 0) >= (latest.at?.getTime() ?? 0)) latest = t;
  return latest;
}

/** What the member's order answers say of it: the kind of actor (运营人员 / 系统), never a name. */
export function memberVoidFields(trace: VoidTrace | null) {
  return {
    void_action: trace?.action ?? null,
    void_by: trace ? voidByLabel(trace.actor) : null,
    void_reason: trace?.reason ?? null,
    voided_at: trace?.at ? trace.at.toISOString() : null,
  };
}
