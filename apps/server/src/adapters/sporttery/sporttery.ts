import type { PlayTypeId, Sport } from '@app/shared';
import type { z } from 'zod';
import type { FeedHealth, SportsFeed } from '../../modules/sports/index.ts';
import {
  parseCalculatorMatch,
  type FeedFixture,
  type FeedLeague,
  type FeedMatchState,
  type FeedTeam,
  type Market,
  type ParsedMatch,
  type RejectedPool,
} from './markets.ts';
import {
  parseBasketballResult,
  parseFootballResult,
  type MatchOutcome,
  type ParsedResult,
  type ResultCheck,
} from './results.ts';
import {
  SPORTTERY_DEFAULT_BASE_URL,
  SportteryGateway,
  type Answer,
  type Envelope,
  type SourceFailure,
  type SportterySource,
} from './gateway.ts';
import {
  basketballResultsAnswerSchema,
  calculatorAnswerSchema,
  footballResultsAnswerSchema,
} from './answers.ts';

/**
 * SPORTS_FEED=sporttery: the official 中国体育彩票 竞彩 data, read from the public JSON gateway the
 * 竞彩 sites use (webapi.sporttery.cn). The SportsFeed methods are synchronous and the provider is
 * polled, so `refresh` reads the gateway into a cache once per sync pass and the other methods
 * answer from it. A failed or garbled answer keeps the last good copy and marks the feed stale;
 * prices older than `maxPriceAgeMs` take no bets. 竞彩 has no in-play: `inPlay` is always closed.
 * README.md beside this file has the endpoints, the field mapping and the sources.
 */

export {
  SPORTTERY_DEFAULT_BASE_URL,
  SPORTTERY_PATHS,
  type SourceFailure,
  type SportterySource,
} from './gateway.ts';

/** The environment variables SportteryFeed.fromEnv reads; both optional. */
export const SPORTTERY_ENV = {
  baseUrl: 'SPORTTERY_BASE_URL',
  maxPriceAgeSeconds: 'SPORTTERY_MAX_PRICE_AGE_SECONDS',
} as const;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;
const POOL_CODES: Record<Sport, string> = {
  football: 'hhad,had,crs,ttg,hafu',
  basketball: 'mnl,hdc,wnm,hilo',
};
const RESULT_PAGE_SIZE = 100;
/** Result pages read per sport and pass (100 rows each: several days of 竞彩). */
const MAX_RESULT_PAGES = 10;
type ResultPage<R> = Envelope<{ matchResult: R[]; pages?: number | undefined }>;
const NOT_IN_PLAY = { open: false, suspended: false, reason: null, suspendedSince: null } as const;

export interface SportteryOptions {
  /** Default https://webapi.sporttery.cn/ (a fake's URL in tests and on staging). */
  baseUrl?: string;
  /** Default the global fetch. */
  fetch?: typeof fetch;
  /** Limit for one request, answer included. Default 8000 ms. */
  timeoutMs?: number;
  /**
   * Further tries of a request after a time-out, network error or HTTP 5xx/429/408. Default 0
   * here; `fromEnv` (the registry's SPORTS_FEED=sporttery) makes it 2.
   */
  retries?: number;
  /** Waits between tries (the app's clock). Default a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1). Default Math.random. */
  random?: () => number;
  /** Prices older than this, counted from the last good poll of their sport, take no bets. Default 10 min. */
  maxPriceAgeMs?: number;
  /** Days back the result queries look (kick-off dates); older matches are dropped. Default 3. */
  resultLookbackDays?: number;
  /**
   * While every kicked-off match has its result, the result query is still read this often for
   * the lookback window, so that a result the provider corrects after we settled is seen
   * (FeedSync turns it into a 赛果更正提醒). Default 15 min.
   */
  resultRecheckMs?: number;
  /** Called with every pass's report (logging, metrics). */
  onRefresh?: (report: RefreshReport) => void;
}

export interface OddsChange {
  externalId: string;
  playType: PlayTypeId;
  before: Market;
  after: Market;
}

/** What one `refresh` saw and changed. */
export interface RefreshReport {
  at: Date;
  /** Every source read this pass answered and was understood. */
  ok: boolean;
  polled: SportterySource[];
  /** `internal`: a bug of ours, not the provider's (the cache is kept all the same). */
  failures: Array<{ source: SportterySource | 'internal'; reason: SourceFailure; detail: string }>;
  /** Matches in the cache. */
  matches: number;
  added: string[];
  /** A pool's prices or line moved. */
  oddsChanged: OddsChange[];
  /** A pool went on sale (`open`) or off it. */
  poolsChanged: Array<{ externalId: string; playType: PlayTypeId; open: boolean }>;
  /** A pool's 单关 flag flipped. */
  singleChanged: Array<{ externalId: string; playType: PlayTypeId; single: boolean }>;
  /** The provider moved the kick-off later than first announced. */
  postponed: string[];
  /** Results new this pass (`corrected`: a result the provider changed). */
  results: Array<{ externalId: string; status: 'finished' | 'cancelled'; corrected: boolean }>;
  /** Pool results that disagree with the score, new this pass. */
  resultChecks: ResultCheck[];
  /** Pools on sale left out because their prices or line could not be read exactly. */
  rejectedPools: Array<RejectedPool & { externalId: string }>;
  staleSince: Date | null;
}

interface Entry {
  match: ParsedMatch;
  /** Kick-off as first announced: the fixture's time, and the reference for postponement. */
  firstKickoffAt: Date;
  /** The pass whose calculator answer last listed the match. */
  listedAt: Date | null;
  outcome: MatchOutcome | null;
  checks: ResultCheck[];
}

const beijingDate = (at: Date) => new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
const sameOdds = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);
const sameOutcome = (a: MatchOutcome, b: MatchOutcome) => JSON.stringify(a) === JSON.stringify(b);

export class SportteryFeed implements SportsFeed {
  readonly name = 'sporttery';
  /** 竞彩 sells until kick-off only: no 滚球 (the app hides it, the in-play lists answer empty). */
  readonly inPlay = false;
  private readonly gateway: SportteryGateway;
  private readonly maxPriceAgeMs: number;
  private readonly lookbackDays: number;
  private readonly recheckMs: number;
  /** When each sport's result query was last read well. */
  private readonly resultsAt: Record<Sport, number> = { football: 0, basketball: 0 };
  private readonly onRefresh: ((report: RefreshReport) => void) | undefined;
  private readonly entries = new Map<string, Entry>();
  private readonly leagueByCode = new Map<string, FeedLeague>();
  private readonly teamByCode = new Map<string, FeedTeam>();
  /** The pass whose calculator answer of each sport was last read well. */
  private readonly calculatorAt: Record<Sport, Date | null> = { football: null, basketball: null };
  private lastSuccess: Date | null = null;
  private stale: Date | null = null;
  private readonly polls = { ok: 0, failed: 0 };
  private inFlight: Promise<RefreshReport> | null = null;
  private last: RefreshReport | null = null;

  constructor(options: SportteryOptions = {}) {
    this.gateway = new SportteryGateway(
      options.baseUrl ?? SPORTTERY_DEFAULT_BASE_URL,
      options.fetch ?? fetch,
      options.timeoutMs ?? 8_000,
      { retries: options.retries ?? 0, sleep: options.sleep, random: options.random },
    );
    this.maxPriceAgeMs = options.maxPriceAgeMs ?? 10 * MINUTE_MS;
    this.lookbackDays = options.resultLookbackDays ?? 3;
    this.recheckMs = options.resultRecheckMs ?? 15 * MINUTE_MS;
    this.onRefresh = options.onRefresh;
  }

  /** From SPORTTERY_BASE_URL and SPORTTERY_MAX_PRICE_AGE_SECONDS (both optional). */
  static fromEnv(
    env: Readonly<Record<string, string | undefined>>,
    extra: Omit<SportteryOptions, 'baseUrl' | 'maxPriceAgeMs'> = {},
  ): SportteryFeed {
    const baseUrl = env[SPORTTERY_ENV.baseUrl]?.trim() || undefined;
    if (baseUrl !== undefined && !/^https?:\/\//.test(baseUrl))
      throw new Error(`${SPORTTERY_ENV.baseUrl} must be an http(s) URL`);
    const ageText = env[SPORTTERY_ENV.maxPriceAgeSeconds]?.trim();
    if (ageText && !/^[1-9]\d{0,5}$/.test(ageText))
      throw new Error(`${SPORTTERY_ENV.maxPriceAgeSeconds} must be a whole number of seconds (1–999999)`);
    return new SportteryFeed({
      retries: 2,
      ...extra,
      ...(baseUrl ? { baseUrl } : {}),
      ...(ageText ? { maxPriceAgeMs: Number(ageText) * 1000 } : {}),
    });
  }

  /** When the first failed pass since the last fully good one ran; null when the last pass was good. */
  staleSince(): Date | null {
    return this.stale;
  }

  /** When a pass last read every source well. */
  lastSuccessAt(): Date | null {
    return this.lastSuccess;
  }

  /** SportsFeed.health: staleness and passes by outcome, for /readyz and /metrics. */
  health(): FeedHealth {
    return { staleSince: this.stale, lastGoodAt: this.lastSuccess, polls: { ...this.polls } };
  }

  leagues(): FeedLeague[] {
    return [...this.leagueByCode.values()];
  }

  teams(): FeedTeam[] {
    return [...this.teamByCode.values()];
  }

  fixtures(from: Date, to: Date): FeedFixture[] {
    const out: FeedFixture[] = [];
    for (const { match, firstKickoffAt } of this.entries.values()) {
      const t = firstKickoffAt.getTime();
      if (t < from.getTime() || t >= to.getTime()) continue;
      const { externalId, sport, league, matchNo, home, away } = match;
      out.push({
        externalId,
        sport,
        leagueCode: league.code,
        matchNo,
        home,
        away,
        kickoffAt: firstKickoffAt,
      });
    }
    return out.sort(
      (a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime() || a.matchNo.localeCompare(b.matchNo),
    );
  }

  state(externalId: string, now: Date): FeedMatchState | null {
    const entry = this.entries.get(externalId);
    if (!entry) return null;
    const { match, outcome } = entry;
    const base: FeedMatchState = {
      externalId,
      status: 'scheduled',
      period: 'NS',
      minute: null,
      clock: '未开赛',
      score: { home: 0, away: 0 },
      halfTime: null,
      periods: [],
      events: [],
      stats: {},
      markets: [],
      bettingOpen: false,
      inPlay: NOT_IN_PLAY,
    };
    if (outcome?.kind === 'cancelled')
      return { ...base, status: 'cancelled', period: 'CANCELLED', clock: '取消' };
    if (outcome?.kind === 'finished') {
      const minute = match.sport === 'football' ? 90 : 48;
      return {
        ...base,
        status: 'finished',
        period: 'FT',
        minute,
        clock: '完场',
        score: outcome.score,
        halfTime: outcome.halfTime,
      };
    }
    if (match.kickoffAt.getTime() > entry.firstKickoffAt.getTime())
      return { ...base, status: 'postponed', period: 'POSTPONED', clock: '推迟' };
    // 竞彩 has no in-play: once kicked off the match is live without prices until its result is in.
    if (now.getTime() >= Math.min(entry.firstKickoffAt.getTime(), match.kickoffAt.getTime()))
      return { ...base, status: 'live', period: 'LIVE', clock: '进行中' };
    const readAt = this.calculatorAt[match.sport];
    const listed = readAt !== null && entry.listedAt?.getTime() === readAt.getTime();
    if (!listed) return base;
    const fresh = now.getTime() - readAt.getTime() <= this.maxPriceAgeMs;
    return {
      ...base,
      markets: match.markets,
      bettingOpen: match.selling && fresh && match.markets.length > 0,
    };
  }

  /** 单关 per play type of a match's pools on sale (our Market has no such field: see README). */
  singles(externalId: string): Partial<Record<PlayTypeId, boolean>> {
    return { ...this.entries.get(externalId)?.match.singles };
  }

  /** The pool results of a finished match that disagree with its score. */
  resultChecks(externalId: string): ResultCheck[] {
    return [...(this.entries.get(externalId)?.checks ?? [])];
  }

  /** SportsFeed.refresh: one pass (`poll`) whose report goes to `onRefresh` and `lastReport`. */
  async refresh(now: Date): Promise<void> {
    await this.poll(now);
  }

  /**
   * Reads the gateway into the cache and says what changed. Never throws: a failed source keeps
   * its last good data and marks the feed stale. Concurrent calls share one pass.
   */
  poll(now: Date): Promise<RefreshReport> {
    this.inFlight ??= this.pass(now).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** The report of the last pass, null before the first. */
  lastReport(): RefreshReport | null {
    return this.last;
  }

  private async pass(now: Date): Promise<RefreshReport> {
    const report: RefreshReport = {
      at: now,
      ok: true,
      polled: [],
      failures: [],
      matches: 0,
      added: [],
      oddsChanged: [],
      poolsChanged: [],
      singleChanged: [],
      postponed: [],
      results: [],
      resultChecks: [],
      rejectedPools: [],
      staleSince: null,
    };
    try {
      await Promise.all(
        (['football', 'basketball'] as const).map((sport) => this.readCalculator(sport, now, report)),
      );
      await Promise.all(
        (['football', 'basketball'] as const).map((sport) => this.readResults(sport, now, report)),
      );
      this.prune(now);
    } catch (err) {
      // A bug of ours, not the provider's: the cache keeps what it had, the pass counts as failed.
      report.failures.push({ source: 'internal', reason: 'invalid', detail: `内部错误：${String(err)}` });
    }
    report.ok = report.failures.length === 0;
    if (report.ok) {
      this.lastSuccess = now;
      this.stale = null;
      this.polls.ok++;
    } else {
      this.stale ??= now;
      this.polls.failed++;
    }
    report.staleSince = this.stale;
    report.matches = this.entries.size;
    this.last = report;
    try {
      this.onRefresh?.(report);
    } catch {
      // A listener's failure is not the feed's.
    }
    return report;
  }

  private async readCalculator(sport: Sport, now: Date, report: RefreshReport): Promise<void> {
    const source: SportterySource = sport === 'football' ? 'footballCalculator' : 'basketballCalculator';
    report.polled.push(source);
    const answer = await this.gateway.get(
      source,
      { poolCode: POOL_CODES[sport], channel: 'c' },
      calculatorAnswerSchema,
    );
    if (!answer.ok) {
      report.failures.push({ source, reason: answer.reason, detail: answer.detail });
      return;
    }
    const parsed = answer.value.matchInfoList.flatMap((day) =>
      day.subMatchList.map((m) => parseCalculatorMatch(sport, m)),
    );
    for (const match of parsed) {
      this.leagueByCode.set(match.league.code, match.league);
      for (const team of [match.home, match.away]) this.teamByCode.set(team.code, team);
      report.rejectedPools.push(...match.rejected.map((r) => ({ ...r, externalId: match.externalId })));
      const entry = this.entries.get(match.externalId);
      if (!entry) {
        this.entries.set(match.externalId, {
          match,
          firstKickoffAt: match.kickoffAt,
          listedAt: now,
          outcome: null,
          checks: [],
        });
        report.added.push(match.externalId);
        continue;
      }
      this.compare(entry, match, report);
      entry.match = match;
      entry.listedAt = now;
    }
    this.calculatorAt[sport] = now;
  }

  /** What moved between the cached view of a match and the new one. */
  private compare(entry: Entry, next: ParsedMatch, report: RefreshReport): void {
    const { externalId } = next;
    const before = new Map(entry.match.markets.map((m) => [m.playType, m]));
    for (const after of next.markets) {
      const old = before.get(after.playType);
      before.delete(after.playType);
      if (!old) report.poolsChanged.push({ externalId, playType: after.playType, open: true });
      else if (old.line !== after.line || !sameOdds(old.odds, after.odds))
        report.oddsChanged.push({ externalId, playType: after.playType, before: old, after });
    }
    for (const closed of before.values())
      report.poolsChanged.push({ externalId, playType: closed.playType, open: false });
    for (const [playType, single] of Object.entries(next.singles) as Array<[PlayTypeId, boolean]>) {
      const was = entry.match.singles[playType];
      if (was !== undefined && was !== single) report.singleChanged.push({ externalId, playType, single });
    }
    const moved = (m: ParsedMatch) => m.kickoffAt.getTime() > entry.firstKickoffAt.getTime();
    if (moved(next) && !moved(entry.match)) report.postponed.push(externalId);
  }

  /**
   * The result query of a sport, when one of its matches has kicked off without a result yet;
   * otherwise every `resultRecheckMs` while a match with a result is in the lookback window (a
   * result the provider corrects later).
   */
  private async readResults(sport: Sport, now: Date, report: RefreshReport): Promise<void> {
    const horizon = now.getTime() - this.lookbackDays * DAY_MS;
    let earliest = Number.POSITIVE_INFINITY;
    let earliestResulted = Number.POSITIVE_INFINITY;
    for (const e of this.entries.values()) {
      const t = e.firstKickoffAt.getTime();
      if (e.match.sport !== sport || t > now.getTime() || t < horizon) continue;
      if (e.outcome === null) earliest = Math.min(earliest, t);
      else earliestResulted = Math.min(earliestResulted, t);
    }
    const recheck =
      now.getTime() - this.resultsAt[sport] >= this.recheckMs || this.resultsAt[sport] > now.getTime();
    if (earliest === Number.POSITIVE_INFINITY) {
      if (earliestResulted === Number.POSITIVE_INFINITY || !recheck) return;
    }
    earliest = Math.min(earliest, earliestResulted);
    const source: SportterySource = sport === 'football' ? 'footballResults' : 'basketballResults';
    report.polled.push(source);
    const rows: ParsedResult[] = [];
    for (let pageNo = 1; pageNo <= MAX_RESULT_PAGES; pageNo++) {
      const params = {
        matchBeginDate: beijingDate(new Date(earliest)),
        matchEndDate: beijingDate(now),
        leagueId: '',
        pageSize: String(RESULT_PAGE_SIZE),
        pageNo: String(pageNo),
        isFix: '0',
        matchPage: '1',
        pcOrWap: '1',
      };
      const page =
        sport === 'football'
          ? await this.resultPage(source, params, footballResultsAnswerSchema, parseFootballResult)
          : await this.resultPage(source, params, basketballResultsAnswerSchema, parseBasketballResult);
      if (!page.ok) {
        report.failures.push({ source, reason: page.reason, detail: page.detail });
        return;
      }
      rows.push(...page.value.rows);
      if (pageNo >= page.value.pages || page.value.rows.length === 0) break;
    }
    this.resultsAt[sport] = now.getTime();
    for (const row of rows) {
      const entry = this.entries.get(row.externalId);
      if (!entry) continue;
      const known = new Set(entry.checks.map((c) => JSON.stringify(c)));
      report.resultChecks.push(...row.checks.filter((c) => !known.has(JSON.stringify(c))));
      entry.checks = row.checks;
      if (!row.outcome || (entry.outcome && sameOutcome(entry.outcome, row.outcome))) continue;
      report.results.push({
        externalId: row.externalId,
        status: row.outcome.kind,
        corrected: entry.outcome !== null,
      });
      entry.outcome = row.outcome;
    }
  }

  /** Matches past the result window are forgotten (the 36 h rule has long decided them). */
  private prune(now: Date): void {
    const before = now.getTime() - (this.lookbackDays + 1) * DAY_MS;
    for (const [id, e] of this.entries) if (e.firstKickoffAt.getTime() < before) this.entries.delete(id);
  }

  private async resultPage<R>(
    source: SportterySource,
    params: Record<string, string>,
    schema: z.ZodType<ResultPage<R>>,
    parse: (row: R) => ParsedResult,
  ): Promise<Answer<{ rows: ParsedResult[]; pages: number }>> {
    const answer = await this.gateway.get(source, params, schema);
    if (!answer.ok) return answer;
    return { ok: true, value: { rows: answer.value.matchResult.map(parse), pages: answer.value.pages ?? 1 } };
  }
}
