/**
 * From the 竞彩 result queries to the outcome of a match: finished with its scores, called off,
 * or not in yet. Our settlement works from scores, so the pools' own results are not used to
 * settle; they are compared with what the scores give, and every disagreement (or a pool the
 * provider left without a result) is reported for an operator to look at.
 */
import { SCORE_DIFF_BUCKETS } from '@app/shared';
import { externalIdOf, lineHalfPoints, type PoolCode } from './markets.ts';
import type { BasketballResult, FootballResult } from './answers.ts';

export interface Score {
  home: number;
  away: number;
}

export type MatchOutcome =
  | { kind: 'finished'; score: Score; halfTime: Score | null }
  /** The provider voided or cancelled the match; `marker` is its word for it (取消, 无效场次, Refund). */
  | { kind: 'cancelled'; marker: string };

/** A pool whose provider result differs from what the final score gives, or that has none. */
export interface ResultCheck {
  externalId: string;
  pool: PoolCode;
  /** The provider's result as given, null when the finished match has none for this pool. */
  provider: string | null;
  /** What the score gives, in the provider's notation. */
  fromScore: string;
}

export interface ParsedResult {
  externalId: string;
  /** Null while the result is not in (or contradicts itself: see `checks`). */
  outcome: MatchOutcome | null;
  checks: ResultCheck[];
}

/** The provider's words for a match with no valid result. */
const CALLED_OFF_MARKERS = ['取消', '无效场次'];

function score(text: string, awayFirst = false): Score | null {
  const match = /^\s*(\d{1,3})\s*:\s*(\d{1,3})\s*$/.exec(text);
  if (!match) return null;
  const first = Number(match[1]);
  const second = Number(match[2]);
  return awayFirst ? { home: second, away: first } : { home: first, away: second };
}

const outcomeFlag = (s: Score) => (s.home > s.away ? 'H' : s.home === s.away ? 'D' : 'A');

function calledOff(scoreText: string, poolStatus: string | undefined): string | null {
  const marker = CALLED_OFF_MARKERS.find((m) => scoreText.trim() === m);
  if (marker) return marker;
  return poolStatus === 'Refund' ? 'Refund' : null;
}

/** getUniformMatchResultV1 row → outcome. Football needs the half-time score too (半全场). */
export function parseFootballResult(row: FootballResult): ParsedResult {
  const externalId = externalIdOf('football', row.matchId);
  const marker = calledOff(row.sectionsNo999, row.poolStatus);
  if (marker) return { externalId, outcome: { kind: 'cancelled', marker }, checks: [] };
  const fullTime = score(row.sectionsNo999);
  const halfTime = score(row.sectionsNo1);
  if (row.matchResultStatus !== '2' || !fullTime || !halfTime)
    return { externalId, outcome: null, checks: [] };
  const flag = row.winFlag?.trim().toUpperCase() ?? '';
  if (flag !== '' && flag !== outcomeFlag(fullTime)) {
    // The provider's own 胜平负 result contradicts its score: hold the result, report it.
    return {
      externalId,
      outcome: null,
      checks: [{ externalId, pool: 'HAD', provider: flag, fromScore: outcomeFlag(fullTime) }],
    };
  }
  return { externalId, outcome: { kind: 'finished', score: fullTime, halfTime }, checks: [] };
}

/** The basketball pools' results a final score gives, in the provider's notation. */
function basketballFromScore(s: Score, pool: PoolCode, goalLine: string | undefined): string | null {
  const diff = s.home - s.away;
  switch (pool) {
    case 'MNL':
      return diff > 0 ? 'H' : 'A';
    case 'HDC': {
      const line = lineHalfPoints(goalLine ?? '');
      return line === null ? null : diff * 2 + line > 0 ? 'H' : 'A';
    }
    case 'HILO': {
      const line = lineHalfPoints(goalLine ?? '');
      return line === null ? null : (s.home + s.away) * 2 > Math.abs(line) ? 'H' : 'L';
    }
    case 'WNM': {
      const index = SCORE_DIFF_BUCKETS.findIndex((b) => Math.abs(diff) >= b.from && Math.abs(diff) <= b.to);
      return index < 0 ? null : String(diff > 0 ? index + 1 : -(index + 1));
    }
    case 'HAD':
    case 'HHAD':
    case 'CRS':
    case 'TTG':
    case 'HAFU':
      return null;
  }
}

const BASKETBALL_POOLS = [
  ['MNL', 'mnl'],
  ['HDC', 'hdc'],
  ['HILO', 'hilo'],
  ['WNM', 'wnm'],
] as const;

/** Basketball result row → outcome; the final score includes overtime and lists the away side first. */
export function parseBasketballResult(row: BasketballResult): ParsedResult {
  const externalId = externalIdOf('basketball', row.matchId);
  const marker = calledOff(row.finalScore, row.poolStatus);
  if (marker) return { externalId, outcome: { kind: 'cancelled', marker }, checks: [] };
  const final = score(row.finalScore, true);
  if (row.status !== '2' || !final || final.home === final.away)
    return { externalId, outcome: null, checks: [] };
  const checks: ResultCheck[] = [];
  for (const [pool, field] of BASKETBALL_POOLS) {
    const given = row[field];
    if (!given) continue;
    const fromScore = basketballFromScore(final, pool, given.goalLine);
    if (fromScore === null) continue;
    const provider = given.combination?.trim().toUpperCase() || null;
    if (provider !== fromScore) checks.push({ externalId, pool, provider, fromScore });
  }
  // The side order of finalScore rests on one source: a 胜负 result against it holds the match.
  const mnl = checks.find((c) => c.pool === 'MNL' && c.provider !== null);
  return { externalId, outcome: mnl ? null : { kind: 'finished', score: final, halfTime: null }, checks };
}
