/**
 * Counting and enumerating bets. A bet (注) is one sub-bet (a k-subset of the picks) with one
 * option chosen in each of its picks. Counts are computed from products, never by listing.
 */

/**
 * Number of bets: Σ over k in sizes of e_k(optionCounts), the elementary symmetric polynomial
 * (sum over k-subsets of the product of their option counts). O(M²); exact below 2^53, which
 * 8 picks of at most 31 options (≤ 32^8) never reach.
 */
export function countBets(optionCounts: readonly number[], sizes: readonly number[]): number {
  const e = elementarySymmetric(optionCounts);
  let total = 0;
  for (const k of new Set(sizes)) total += e[k] ?? 0;
  return total;
}

/** e[k] for k = 0..n: e[k] = Σ over k-subsets of the product of the values. */
export function elementarySymmetric(values: readonly number[]): number[] {
  const e = new Array<number>(values.length + 1).fill(0);
  e[0] = 1;
  for (const [i, value] of values.entries()) {
    for (let k = i + 1; k >= 1; k--) e[k] = (e[k] ?? 0) + (e[k - 1] ?? 0) * value;
  }
  return e;
}

/** The k-subsets of 0..n-1 in lexicographic order, as ascending index arrays. */
export function* subsetsOfSize(n: number, k: number): Generator<number[]> {
  if (k < 0 || k > n) return;
  const idx = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    yield [...idx];
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return;
    idx[i] = (idx[i] ?? 0) + 1;
    for (let j = i + 1; j < k; j++) idx[j] = (idx[j - 1] ?? 0) + 1;
  }
}

/** Sub-bets of a pass type over n picks: sizes ascending, then subsets lexicographically. */
export function* subBetsOf(n: number, sizes: readonly number[]): Generator<number[]> {
  for (const k of [...new Set(sizes)].sort((a, b) => a - b)) yield* subsetsOfSize(n, k);
}

/** Every way to take one item from each list, the last list varying fastest. */
export function* cartesian<T>(lists: readonly (readonly T[])[]): Generator<T[]> {
  if (lists.some((list) => list.length === 0)) return;
  const pos = new Array<number>(lists.length).fill(0);
  for (;;) {
    yield lists.map((list, i) => list[pos[i] ?? 0] as T);
    let i = lists.length - 1;
    while (i >= 0) {
      const next = (pos[i] ?? 0) + 1;
      if (next < (lists[i]?.length ?? 0)) {
        pos[i] = next;
        break;
      }
      pos[i] = 0;
      i--;
    }
    if (i < 0) return;
  }
}
