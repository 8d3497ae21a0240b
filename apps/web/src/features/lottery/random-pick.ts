import { validateBetCodes, type LotteryPlay, type LotteryPlayView } from '@app/shared';
import { codesOf, fieldKey, type PickState } from './model.ts';

/** A uniform integer in [0, n) from crypto.getRandomValues (rejection sampling, no modulo bias). */
export function randomIndex(n: number): number {
  if (!Number.isInteger(n) || n < 1) throw new Error('randomIndex needs n ≥ 1');
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0]!;
    if (value < limit) return value % n;
  }
}

/** `count` distinct items of `items`, in their original order. */
export function randomSubset<T>(items: readonly T[], count: number): T[] {
  const pool = items.map((_, i) => i);
  for (let i = 0; i < count && i < pool.length; i++) {
    const j = i + randomIndex(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((i) => items[i]!);
}

/**
 * 机选: a random valid bet of the play with the fewest picks it allows (one item for most
 * plays), checked by the shared rules. Null when no valid pick was found.
 */
export function randomPick(play: LotteryPlayView, rules: LotteryPlay): PickState | null {
  const { input } = play;
  for (let attempt = 0; attempt < 50; attempt++) {
    let picks: PickState;
    switch (input.kind) {
      case 'picks':
        picks = {
          [fieldKey.picks]: randomSubset(input.field.options, input.field.minPicks).map((o) => o.key),
        };
        break;
      case 'positions': {
        const position = input.positions[randomIndex(input.positions.length)]!;
        picks = {
          [fieldKey.position(position.position)]: randomSubset(input.field.options, 1).map((o) => o.key),
        };
        break;
      }
      case 'groups':
        picks = Object.fromEntries(
          input.groups.map((group, i) => [
            fieldKey.group(i),
            randomSubset(group.options, group.minPicks).map((o) => o.key),
          ]),
        );
        break;
    }
    if (validateBetCodes(rules, codesOf(play, picks)).ok) return picks;
  }
  return null;
}
