/**
 * The sports feed adapter: what the product needs from an odds/results provider. The built-in
 * simulator implements it; a real operator plugs in a provider by implementing the same
 * interface (see README "Sports feed").
 */
import type { Sport } from '@app/shared';
import type { Market } from './model.ts';

export type { Market } from './model.ts';

export interface FeedLeague {
  code: string;
  sport: Sport;
  name: string;
  shortName: string;
  country: string;
  color: string;
  sort: number;
}

export interface FeedTeam {
  code: string;
  leagueCode: string;
  name: string;
}

export interface FeedFixture {
  externalId: string;
  sport: Sport;
  leagueCode: string;
  /** 竞彩-style number shown to members, e.g. 周六001. */
  matchNo: string;
  home: FeedTeam;
  away: FeedTeam;
  kickoffAt: Date;
}

export type FeedStatus = 'scheduled' | 'live' | 'finished' | 'postponed' | 'cancelled';

export interface FeedEvent {
  /** Match minute (football) or elapsed game minute (basketball). */
  minute: number;
  type: 'goal' | 'penalty' | 'yellow' | 'red' | 'quarter_end' | 'overtime';
  side: 'home' | 'away' | null;
  text: string;
}

export interface FeedScore {
  home: number;
  away: number;
}

/**
 * In-play (滚球) state of a match. `open`: the in-play markets are in their window (live, not in a
 * break or the closing minutes). `suspended`: they take no bets right now; a closed window while
 * live counts as suspended too, so a screen greys it out with its reason. `suspendedSince` and
 * `reason` (Chinese: '进球', '红牌', '点球', '节末', '节间休息', '中场休息', '比赛末段' …) are those of
 * the current or most recent suspension: a bet placed before it began is refused when decided.
 */
export interface FeedInPlay {
  open: boolean;
  suspended: boolean;
  reason: string | null;
  suspendedSince: Date | null;
}

export interface FeedMatchState {
  externalId: string;
  status: FeedStatus;
  /** 1H HT 2H FT for football; Q1 Q2 HT Q3 Q4 OT FT for basketball; NS before kick-off. */
  period: string;
  /** Elapsed match minute, null before kick-off. */
  minute: number | null;
  /** Clock text for the screen: 67' / 45+2' / 第3节 05:12 / 中场. */
  clock: string;
  score: FeedScore;
  halfTime: FeedScore | null;
  /** Basketball: points per quarter (and overtime) so far. */
  periods: FeedScore[];
  events: FeedEvent[];
  stats: Record<string, [number, number]>;
  /** Current odds; pre-match while scheduled, in-play while live, none once over. */
  markets: Market[];
  /** Whether the provider still takes bets on the match (竞彩: until kick-off). */
  bettingOpen: boolean;
  /** In play: whether and why its live markets take bets now. */
  inPlay: FeedInPlay;
}

/**
 * How a polled provider is doing, for /readyz and /metrics. `staleSince`: the first failed pass
 * since the last fully good one (null while good); `lastGoodAt`: the last fully good pass (null
 * before the first); `polls`: passes since start by outcome.
 */
export interface FeedHealth {
  staleSince: Date | null;
  lastGoodAt: Date | null;
  polls: { ok: number; failed: number };
}

export interface SportsFeed {
  readonly name: string;
  /**
   * Whether the provider prices matches in play (滚球). Without it the member app hides every
   * 滚球 entry and the in-play lists answer empty: a match after kick-off only waits for its result.
   */
  readonly inPlay: boolean;
  leagues(): FeedLeague[];
  teams(): FeedTeam[];
  /** Fixtures kicking off in the window. */
  fixtures(from: Date, to: Date): FeedFixture[];
  /** The match as the provider sees it at `now`; null when unknown. */
  state(externalId: string, now: Date): FeedMatchState | null;
  /**
   * A polled provider fills its cache here, once at the start of each sync pass, so that the
   * synchronous methods above answer from it; it keeps its last good data when the provider
   * fails and must not throw. The simulator has none: it computes everything from the time.
   */
  refresh?(now: Date): Promise<void>;
  /** A polled provider's health (the simulator computes from the time and is never stale). */
  health?(): FeedHealth;
}
