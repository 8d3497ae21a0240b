/**
 * Exchange rates as exact decimals. A rate is a decimal string with at most 4 decimals
 * ("7.2345"); it is kept as an integer count of 1/10,000 so every conversion is bigint
 * arithmetic.
 */
export const RATE_SCALE = 10_000n;
const RATE_PATTERN = /^(0|[1-9]\d{0,5})(\.\d{1,4})?$/;

/** Parses "7.20" into 72000 (units of 1/10,000); null when not a positive rate with ≤4 decimals. */
export function parseRate(text: string): bigint | null {
  if (!RATE_PATTERN.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  const units = BigInt(whole) * RATE_SCALE + BigInt(frac.padEnd(4, '0'));
  return units > 0n ? units : null;
}

/** Formats rate units as a decimal string with 4 decimals: 72000n → "7.2000". */
export function formatRate(units: bigint): string {
  return `${units / RATE_SCALE}.${(units % RATE_SCALE).toString().padStart(4, '0')}`;
}

/**
 * 分 credited for a USDT amount (in USDT cents) at a rate: usdtCents × rate, rounded down to
 * the whole 分 (the house never credits a fraction of 分 it did not receive).
 */
export function fenFromUsdt(usdtCents: bigint, rateUnits: bigint): bigint {
  return (usdtCents * rateUnits) / RATE_SCALE;
}

/** USDT cents paid out for an amount of 分 at a rate, rounded down to the whole USDT cent. */
export function usdtFromFen(fen: bigint, rateUnits: bigint): bigint {
  return (fen * RATE_SCALE) / rateUnits;
}
