import { bestBoost, type Sport } from '@app/shared';
import type { ApiResponse } from '@app/shared/api';

/** GET /v1/sports/boosts: the 加奖 campaigns running now that cover the member. */
export type RunningBoost = ApiResponse<'GET', '/v1/sports/boosts'>[number];

/**
 * The campaign a slip would get (the server decides again when it is placed): of those running
 * for its sport and pass type, the highest rate, as the server picks. The list is already the
 * member's (level and tags decided by the server).
 */
export function slipBoost(
  boosts: readonly RunningBoost[] | undefined,
  slip: { sport: Sport; passType: string | null },
  now: Date,
): RunningBoost | null {
  if (!boosts?.length || slip.passType === null) return null;
  const rules = boosts.map((b) => ({
    ...b,
    passTypes: b.pass_types,
    startsAt: new Date(b.starts_at),
    endsAt: new Date(b.ends_at),
    vipMin: null,
    tag: null,
    rateBp: b.rate_bp,
    capPerOrderFen: 0n,
    active: true,
  }));
  const best = bestBoost(
    rules,
    { sport: slip.sport, passType: slip.passType, at: now },
    { vipLevel: 0, tags: [] },
  );
  return best ? (boosts.find((b) => b.id === best.id) ?? null) : null;
}
