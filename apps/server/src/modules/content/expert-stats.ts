import type { ExpertStats, PickResult } from '@app/shared';

/** How many settled results `recent` lists. */
const RECENT = 10;

/**
 * An expert's record from their picks, oldest first: win rate over settled picks (percent,
 * rounded down), the current run of wins ending at the latest settled pick, the best run, and
 * the latest settled results newest first. Pending picks count only in `total_picks`/`pending`.
 */
export function expertStatsOf(picksOldestFirst: readonly PickResult[]): ExpertStats {
  let won = 0;
  let lost = 0;
  let pending = 0;
  let run = 0;
  let best = 0;
  const settled: Array<'won' | 'lost'> = [];
  for (const result of picksOldestFirst) {
    if (result === 'pending') {
      pending++;
      continue;
    }
    settled.push(result);
    if (result === 'won') {
      won++;
      run++;
      if (run > best) best = run;
    } else {
      lost++;
      run = 0;
    }
  }
  const decided = won + lost;
  return {
    total_picks: decided + pending,
    won,
    lost,
    pending,
    win_rate: decided === 0 ? 0 : Math.floor((won * 100) / decided),
    current_streak: run,
    best_streak: best,
    recent: settled.slice(-RECENT).reverse(),
  };
}
