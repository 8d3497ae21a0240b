/**
 * Odds are decimal strings with at most two decimals ("1.85"). Inside the engine they are
 * integer hundredths as bigint (185n) so that prize arithmetic never touches floating point.
 */

/** Odds of 1.00: what a void leg counts as in a parlay. */
export const EVEN_ODDS = 100n;

/** Highest odds the engine accepts (guards against typos such as "18500"). */
export const MAX_ODDS = 1_000_000n; // 10,000.00

/** Parses "1.85" / "2" / "2.1" into hundredths (185n, 200n, 210n); null unless 1.00 ≤ odds ≤ 10000.00. */
export function parseSportsOdds(text: string): bigint | null {
  const match = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', frac = ''] = match;
  const hundredths = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
  return hundredths >= EVEN_ODDS && hundredths <= MAX_ODDS ? hundredths : null;
}

/** Hundredths back to a two-decimal string: 185n -> "1.85". */
export function formatSportsOdds(hundredths: bigint): string {
  return `${(hundredths / 100n).toString()}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}
