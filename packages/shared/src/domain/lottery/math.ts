/** Exact arithmetic for item counts, probabilities and odds: integers and bigint fractions only. */

/** Binomial coefficient C(n, k) for the small n of lottery picks (exact below 2^53). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  const r = Math.min(k, n - k);
  for (let i = 1; i <= r; i++) result = (result * (n - r + i)) / i;
  return result;
}

/** A probability as an exact fraction. */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

/** Builds a reduced fraction from integers (number or bigint). */
export function fraction(num: number | bigint, den: number | bigint): Fraction {
  const n = BigInt(num);
  const d = BigInt(den);
  if (d <= 0n) throw new Error('fraction denominator must be positive');
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
}

/** Return to player in basis points that every published odds line targets (97.00%). */
export const DEFAULT_RETURN_BP = 9_700;

/**
 * Published odds in hundredths (194 = 1.94, stake included) for an item that wins with
 * probability p: floor(return / p), rounded down to the hundredth, so the house margin is
 * never smaller than 100% − return.
 */
export function oddsFromProbability(p: Fraction, returnBp: number = DEFAULT_RETURN_BP): number {
  if (p.num <= 0n || p.num > p.den) throw new Error('probability must be in (0, 1]');
  if (!Number.isInteger(returnBp) || returnBp <= 0 || returnBp > 10_000) throw new Error('invalid return');
  return Number((BigInt(returnBp) * p.den) / (p.num * 100n));
}

/** Expected return of one item in parts per million: odds × p (exact, rounded down). */
export function returnPpm(oddsX100: number, p: Fraction): number {
  return Number((BigInt(oddsX100) * p.num * 10_000n) / p.den);
}

/** Odds in hundredths as text: 194 -> "1.94". */
export function formatOdds(oddsX100: number): string {
  return `${Math.trunc(oddsX100 / 100)}.${String(oddsX100 % 100).padStart(2, '0')}`;
}
