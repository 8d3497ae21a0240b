import type { FastifyBaseLogger } from 'fastify';
import { type MatchResult, matchResultSchema } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { OperatorCall } from '../../plugins/operator-guard.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { SportsAdminService } from './admin.service.ts';
import type { FeedMatchState, SportsFeed } from './feed/feed.ts';
import * as repo from './feed-corrections.repo.ts';

/**
 * A result in one word, the same for equal results: `finished:2:1/1:0` (football, full time then
 * half time), `finished:110:102` (basketball), `void` for any called-off match (the feed's
 * 取消, the 36 h rule's void, an operator's void). Null while not over.
 */
export function resultKey(result: MatchResult | null): string | null {
  if (!result || result.status === 'pending') return null;
  if (result.status === 'void' || result.status === 'cancelled') return 'void';
  if (result.sport === 'football')
    return `finished:${result.fullTime.home}:${result.fullTime.away}/${result.halfTime.home}:${result.halfTime.away}`;
  return `finished:${result.final.home}:${result.final.away}`;
}

/** A result as the console shows it: 全场 2:1（半场 1:0）, 110:102, 取消/作废. */
export function resultText(result: unknown): string {
  const parsed = matchResultSchema.safeParse(result);
  if (!parsed.success) return '—';
  const r = parsed.data;
  if (r.status === 'pending') return '未完场';
  if (r.status === 'void' || r.status === 'cancelled') return '取消/作废';
  if (r.sport === 'football')
    return `全场 ${r.fullTime.home}:${r.fullTime.away}（半场 ${r.halfTime.home}:${r.halfTime.away}）`;
  return `全场 ${r.final.home}:${r.final.away}`;
}

/** The result a finished or called-off feed state gives (what FeedSync writes for it). */
export function feedResultOf(sport: 'football' | 'basketball', state: FeedMatchState): MatchResult | null {
  if (state.status === 'cancelled') return { status: 'cancelled' };
  if (state.status !== 'finished') return null;
  if (sport === 'football')
    return {
      status: 'finished',
      sport: 'football',
      fullTime: state.score,
      halfTime: state.halfTime ?? { home: 0, away: 0 },
    };
  return { status: 'finished', sport: 'basketball', final: state.score };
}

/**
 * Compares what the feed now says of the matches it has settled in our books (kick-off within
 * `lookbackMs`, not voided or resettled by an operator) with the result we settled on. A
 * difference is recorded once as a pending 赛果更正提醒 and logged; nothing about money changes.
 * A pending one the feed has moved away from (another result, or back to ours) is closed by the
 * sync, and opened again should the feed come back to it. Returns how many were recorded (or
 * opened again).
 */
export async function recordFeedResultChanges(
  db: Db,
  feed: Pick<SportsFeed, 'name' | 'state'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  now: Date,
  seenAt: Date,
  lookbackMs: number,
): Promise<number> {
  let recorded = 0;
  for (const match of await repo.settledMatchesOf(db, feed.name, new Date(now.getTime() - lookbackMs))) {
    const state = feed.state(match.external_id, now);
    const after = state && feedResultOf(match.sport, state);
    const afterKey = resultKey(after);
    const stored = matchResultSchema.safeParse(match.result);
    const beforeKey = stored.success ? resultKey(stored.data) : null;
    if (!after || !afterKey || !beforeKey) continue;
    const id = Number(match.id);
    if (afterKey === beforeKey) {
      if (match.pending) await repo.closePendingOf(db, id, null, '数据源赛果已与账面一致', seenAt);
      continue;
    }
    const inserted = await inTransaction(db, async (work) => {
      const newId =
        (await repo.insertFeedCorrection(work.tx, {
          matchId: id,
          feed: feed.name,
          before: match.result,
          after,
          afterKey,
          firstSeenAt: seenAt,
        })) ?? (await repo.reopenClosedBySync(work.tx, id, afterKey));
      if (newId !== null) await repo.closePendingOf(work.tx, id, afterKey, '数据源赛果再次变化', seenAt);
      return newId;
    });
    if (inserted === null) continue;
    recorded++;
    log.warn(
      { matchId: id, feed: feed.name, before: beforeKey, after: afterKey, correctionId: inserted },
      'feed result changed after settlement: recorded for an operator (赛果更正提醒)',
    );
  }
  return recorded;
}

/**
 * 赛果更正提醒 in the console: the list, and the two decisions. Applying goes through the
 * operator's usual void/resettle (`SportsAdminService.correct`, its solo allowance and dual
 * control included), which marks the reminder applied in its own transaction; dismissing records
 * who and why. Both are audited.
 */
export class FeedCorrectionsService {
  constructor(
    private readonly db: Db,
    private readonly admin: Pick<SportsAdminService, 'correct' | 'preview'>,
    private readonly operators: OperatorsService,
    private readonly clock: Clock,
  ) {}

  async list(q: {
    page: number;
    per_page: number;
    status?: 'pending' | 'applied' | 'dismissed' | undefined;
  }) {
    const { rows, total } = await repo.pageFeedCorrections(this.db, q);
    const items = await Promise.all(rows.map((r) => this.item(r)));
    return pageOf(items, total, q);
  }

  private async item(r: repo.FeedCorrectionListRow) {
    const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
    let net: string | null = null;
    if (r.status === 'pending') {
      // What applying would move now (the same numbers the resettle's confirmation shows).
      const preview = await this.admin
        .preview(Number(r.match_id), this.bodyOf(r.after, '预览'))
        .catch(() => null);
      net = preview ? preview.net : null;
    }
    return {
      id: Number(r.id),
      match_id: Number(r.match_id),
      match_no: r.match_no,
      league: r.league,
      home: r.home,
      away: r.away,
      kickoff_at: iso(r.kickoff_at)!,
      feed: r.feed,
      before: resultText(r.before),
      after: resultText(r.after),
      orders: Number(r.orders),
      net,
      status: r.status,
      first_seen_at: iso(r.first_seen_at)!,
      decided_by: r.decided_by,
      decided_at: iso(r.decided_at),
      reason: r.reason,
      pending_change: r.change_id === null ? null : Number(r.change_id),
    };
  }

  private async one(id: number) {
    const { rows } = await repo.pageFeedCorrections(this.db, { page: 1, per_page: 1, id });
    const row = rows[0];
    if (!row) throw refuse('sports.feed_correction_not_found');
    return this.item(row);
  }

  /** The correction the feed's result asks for, as the console's void/resettle form would send it. */
  private bodyOf(after: unknown, reason: string) {
    const r = matchResultSchema.parse(after);
    if (r.status !== 'finished') return { kind: 'void' as const, reason };
    if (r.sport === 'football')
      return {
        kind: 'resettle' as const,
        home: r.fullTime.home,
        away: r.fullTime.away,
        ht_home: r.halfTime.home,
        ht_away: r.halfTime.away,
        reason,
      };
    return { kind: 'resettle' as const, home: r.final.home, away: r.final.away, reason };
  }

  /** 按新赛果重新结算: the operator's resettle (or void) with the feed's result. */
  async apply(id: number, reason: string, call: OperatorCall) {
    const row = await repo.findFeedCorrection(this.db, id);
    if (!row) throw refuse('sports.feed_correction_not_found');
    if (row.status !== 'pending' || row.changeId !== null) throw refuse('sports.feed_correction_decided');
    const body = this.bodyOf(row.after, `赛果更正：${reason}`);
    const done = await this.admin.correct(row.matchId, body, call);
    const pending = 'pending_change' in done ? done.pending_change : undefined;
    await inTransaction(this.db, async (work) => {
      if (pending) await repo.setChangeId(work.tx, id, pending.id);
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'sports.feed_correction.apply',
        targetType: 'match',
        targetId: row.matchId,
        reason,
        detail: {
          feed_correction: id,
          before: { result: row.before },
          after: { result: row.after },
          net: done.net,
          ...(pending ? { pending_change: pending.id } : {}),
        },
        ip: call.ip,
      });
    });
    return { item: await this.one(id), ...(pending ? { pending_change: pending } : {}) };
  }

  /** 忽略: the feed's result is not taken; our settlement stands. */
  async dismiss(id: number, reason: string, call: OperatorCall) {
    await inTransaction(this.db, async (work) => {
      const row = await repo.lockFeedCorrection(work.tx, id);
      if (!row) throw refuse('sports.feed_correction_not_found');
      if (row.status !== 'pending') throw refuse('sports.feed_correction_decided');
      await repo.dismissFeedCorrection(work.tx, id, call.operatorId, reason, this.clock.now());
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'sports.feed_correction.dismiss',
        targetType: 'match',
        targetId: row.matchId,
        reason,
        detail: {
          feed_correction: id,
          before: { status: 'pending', result: row.before },
          after: { status: 'dismissed', feed_result: row.after },
        },
        ip: call.ip,
      });
    });
    return { item: await this.one(id) };
  }
}
