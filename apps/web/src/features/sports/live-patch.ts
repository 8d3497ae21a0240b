import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@app/shared';
import type { Match } from './model.ts';

/** `match.updated` on the public `matches.live` channel. */
export interface MatchUpdate {
  id: number;
  sport_type: number;
  status: Match['status'];
  period: string;
  minute: number | null;
  clock: string;
  home_score: number;
  away_score: number;
  half_time: { home: number; away: number } | null;
  /** In-play state (absent in pushes from before 滚球 betting). */
  live_betting?: boolean;
  live_suspended?: boolean;
  live_suspend_reason?: string | null;
}

/**
 * `odds.updated` on `matches.live`: odds by play type ("football.winDrawLose"); an operator's
 * suspension or reopening also says each market's `suspended`.
 */
export interface OddsUpdate {
  id: number;
  markets: Array<{
    play_type: string;
    line: string | null;
    odds: Record<string, string>;
    suspended?: boolean;
    /** 单关 (absent in an operator's suspension push): the pool takes a bet on its match alone. */
    single?: boolean;
  }>;
}

const STATUS_TEXT: Record<Match['status'], string> = {
  scheduled: '未开赛',
  live: '进行中',
  finished: '已完场',
  postponed: '推迟',
  cancelled: '取消',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads a push payload defensively: a malformed message is dropped, never half-applied. */
export function parseMatchUpdate(data: unknown): MatchUpdate | null {
  if (!isRecord(data) || typeof data.id !== 'number') return null;
  if (typeof data.status !== 'string' || !(data.status in STATUS_TEXT)) return null;
  if (typeof data.home_score !== 'number' || typeof data.away_score !== 'number') return null;
  return data as unknown as MatchUpdate;
}

export function parseOddsUpdate(data: unknown): OddsUpdate | null {
  if (!isRecord(data) || typeof data.id !== 'number' || !Array.isArray(data.markets)) return null;
  const ok = data.markets.every((m) => isRecord(m) && typeof m.play_type === 'string' && isRecord(m.odds));
  return ok ? (data as unknown as OddsUpdate) : null;
}

/** The match with the pushed live state; the same object when nothing changed. */
export function applyMatchUpdate<T extends Match>(match: T, u: MatchUpdate): T {
  if (
    match.status === u.status &&
    match.clock === u.clock &&
    match.home_score === u.home_score &&
    match.away_score === u.away_score &&
    match.period === u.period &&
    match.minute === u.minute &&
    (u.live_betting === undefined || match.live_betting === u.live_betting) &&
    (u.live_suspended === undefined || match.live_suspended === u.live_suspended) &&
    (u.live_suspend_reason === undefined || match.live_suspend_reason === u.live_suspend_reason)
  ) {
    return match;
  }
  return {
    ...match,
    status: u.status,
    status_text: STATUS_TEXT[u.status],
    betting_open: u.status === 'scheduled' ? match.betting_open : false,
    period: u.period,
    minute: u.minute,
    clock: u.clock,
    home_score: u.home_score,
    away_score: u.away_score,
    half_time: u.half_time,
    live_betting: u.live_betting ?? (u.status === 'live' ? match.live_betting : false),
    live_suspended: u.live_suspended ?? match.live_suspended,
    live_suspend_reason:
      u.live_suspend_reason !== undefined ? u.live_suspend_reason : match.live_suspend_reason,
  };
}

/** The match with pushed in-play odds on the markets it carries; the same object when none applies. */
export function applyOddsUpdate<T extends Match>(match: T, u: OddsUpdate): T {
  let changed = false;
  const markets = match.markets.map((market) => {
    const pushed = u.markets.find((m) => m.play_type === market.play_type);
    if (!pushed) return market;
    const options = market.options.map((o) => {
      const odds = pushed.odds[o.key];
      return odds !== undefined && odds !== o.odds ? { ...o, odds } : o;
    });
    // A live match whose in-play markets are closed stays closed whatever the operator reopens.
    const suspended =
      pushed.suspended === undefined
        ? market.suspended
        : pushed.suspended || (match.status === 'live' && match.live_betting === false);
    const single = pushed.single ?? market.single;
    if (
      pushed.line === market.line &&
      suspended === market.suspended &&
      single === market.single &&
      options.every((o, i) => o === market.options[i])
    )
      return market;
    changed = true;
    return { ...market, line: pushed.line, options, suspended, single };
  });
  return changed ? { ...match, markets } : match;
}

function isMatch(value: unknown): value is Match {
  return isRecord(value) && typeof value.id === 'number' && Array.isArray(value.markets);
}

function isPage(value: unknown): value is Page<Match> {
  return isRecord(value) && Array.isArray(value.list);
}

function isInfinite(value: unknown): value is InfiniteData<Page<Match>> {
  return isRecord(value) && Array.isArray(value.pages);
}

function patchPage(page: Page<Match>, id: number, patch: (m: Match) => Match): Page<Match> {
  let changed = false;
  const list = page.list.map((m) => {
    if (!isMatch(m) || m.id !== id) return m;
    const next = patch(m);
    if (next !== m) changed = true;
    return next;
  });
  return changed ? { ...page, list } : page;
}

/**
 * Applies a patch to match `id` wherever a cached query holds it: a match, a page of matches or
 * pages of an infinite list. Anything else (and a cache without that match) is returned as is,
 * so TanStack Query re-renders only what changed.
 */
export function patchCachedMatch(data: unknown, id: number, patch: (m: Match) => Match): unknown {
  if (isMatch(data)) return data.id === id ? patch(data) : data;
  if (isPage(data)) return patchPage(data, id, patch);
  if (isInfinite(data)) {
    let changed = false;
    const pages = data.pages.map((p) => {
      if (!isPage(p)) return p;
      const next = patchPage(p, id, patch);
      if (next !== p) changed = true;
      return next;
    });
    return changed ? { ...data, pages } : data;
  }
  return data;
}

/** Whether a cached query holds match `id`. */
export function cacheHoldsMatch(data: unknown, id: number): boolean {
  if (isMatch(data)) return data.id === id;
  if (isPage(data)) return data.list.some((m) => isMatch(m) && m.id === id);
  if (isInfinite(data)) return data.pages.some((p) => isPage(p) && p.list.some((m) => m.id === id));
  return false;
}
