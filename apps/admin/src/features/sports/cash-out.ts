import { boostRateText } from '@app/shared';

/** The largest 提前结算 margin the server accepts: 5000 basis points, 50 %. */
export const MAX_MARGIN_BP = 5_000;

/**
 * A margin typed as a percentage (0–50, two decimals) in basis points: 8 → 800, 5.25 → 525. Null
 * when it is not a number in range, or has more than two decimals.
 */
export function percentToBp(percent: number | string | null | undefined): number | null {
  if (percent === null || percent === undefined || percent === '') return null;
  const n = typeof percent === 'number' ? percent : Number(String(percent).trim());
  if (!Number.isFinite(n)) return null;
  const bp = Math.round(n * 100);
  // More than two decimals (8.005 %) does not fit a whole basis point.
  if (Math.abs(bp - n * 100) > 1e-6) return null;
  return bp >= 0 && bp <= MAX_MARGIN_BP ? bp : null;
}

/** Basis points as the percentage the form shows: 800 → 8, 525 → 5.25. */
export function bpToPercent(bp: number): number {
  return bp / 100;
}

/** Basis points as text: 800 → "8%", 525 → "5.25%". */
export function marginText(bp: number): string {
  return boostRateText(bp);
}
