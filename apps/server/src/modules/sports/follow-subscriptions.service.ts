import type { FastifyBaseLogger } from 'fastify';
import {
  autoCopyMultiple,
  autoCopyRefusal,
  FOLLOW_SUBSCRIPTION_MODES,
  formatFen,
  formatYuan,
  shanghaiDay,
  shanghaiDayStart,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { findMemberById } from '../accounts/index.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { MessagesService } from '../messages/index.ts';
import * as repo from './follow-subscriptions.repo.ts';
import * as follow from './follow.repo.ts';
import type { FollowService } from './follow.service.ts';
import * as orders from './orders.repo.ts';

/** Copies the job places per run; the next run (a second later) takes the rest. */
const BATCH = 100;

const STATUS_TEXT = { active: '跟单中', stopped: '已停止', cancelled: '已取消' } as const;

function masked(username: string): string {
  return `${username.slice(0, 2)}***`;
}

/**
 * 定制跟单 (issue 39, point 3; docs/decisions/033): a member subscribes to a publisher with a fixed
 * multiple or a share of the publisher's, a daily cap and an optional stop-loss. Every new 晒单 of
 * the publisher queues one copy per active subscription (in the 晒单's transaction); the leader
 * job `follow-auto-copy` places each through the same copy as a tap on 跟单 — the submit's checks,
 * odds, limits, time-outs and self-exclusion — keyed by the copy (exactly once), or refuses it and
 * tells the member why. A subscription whose copies have lost its stop-loss stops itself.
 */
export class FollowSubscriptionsService {
  constructor(
    private readonly db: Db,
    /** The console's 定制跟单 list (Core.reads); subscribing and the auto-copy job read the primary. */
    private readonly reads: Db,
    private readonly clock: Clock,
    private readonly follow: Pick<FollowService, 'copy'>,
    private readonly idempotency: Pick<IdempotencyService, 'answered'>,
    private readonly messages: Pick<MessagesService, 'send'>,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  ) {}

  async subscribe(
    memberId: number,
    body: {
      post_id: number;
      mode: 'multiple' | 'percent';
      value: number;
      daily_cap: bigint;
      stop_loss?: bigint | undefined;
    },
  ) {
    const post = await follow.postById(this.db, body.post_id);
    if (!post) throw refuse('sports.follow_post_not_found');
    const why = (text: string) => refuse('sports.follow_refused', { why: text });
    if (post.memberId === memberId) throw why('不能定制跟自己的单');
    if (body.mode === 'multiple' && body.value > 99) throw why('固定倍数须为1-99倍');
    if (body.mode === 'percent' && body.value < 10) throw why('比例须为10%-500%');
    const row = await inTransaction(this.db, (work) =>
      repo.insertSubscription(work.tx, {
        memberId,
        publisherId: post.memberId,
        mode: body.mode,
        value: body.value,
        dailyCap: body.daily_cap,
        stopLoss: body.stop_loss ?? null,
        createdAt: this.clock.now(),
      }),
    );
    if (!row) throw why('已定制跟单该发单人，请先取消原定制');
    return this.one(memberId, row.id);
  }

  async list(memberId: number) {
    const rows = await repo.memberSubscriptions(this.db, memberId);
    return { list: await this.views(rows) };
  }

  async cancel(memberId: number, id: number) {
    await inTransaction(this.db, async (work) => {
      const row = await repo.lockSubscription(work.tx, id);
      if (!row || row.memberId !== memberId) throw refuse('sports.follow_subscription_not_found');
      if (row.status !== 'active') throw refuse('sports.follow_refused', { why: '该定制已结束' });
      await repo.endSubscription(work.tx, id, 'cancelled', '会员取消', this.clock.now());
    });
    return this.one(memberId, id);
  }

  private async one(memberId: number, id: number) {
    const row = (await repo.memberSubscriptions(this.db, memberId)).find((r) => r.id === id);
    if (!row) throw refuse('sports.follow_subscription_not_found');
    return (await this.views([row]))[0]!;
  }

  private async views(rows: repo.SubscriptionRow[]) {
    const ids = rows.map((r) => r.id);
    const today = shanghaiDayStart(shanghaiDay(this.clock.now()));
    const [figures, names, recent] = await Promise.all([
      repo.subscriptionFigures(this.db, ids, today),
      follow.usernames(
        this.db,
        rows.map((r) => r.publisherId),
      ),
      repo.recentCopies(this.db, ids, 200),
    ]);
    return rows.map((r) => {
      const f = figures.get(r.id) ?? { copies: 0, staked: 0n, stakedToday: 0n, net: 0n };
      return {
        id: r.id,
        publisher: masked(names.get(r.publisherId) ?? ''),
        mode: r.mode,
        mode_text: r.mode === 'multiple' ? `${r.value}倍` : `发单人倍数的${r.value}%`,
        value: r.value,
        daily_cap: formatFen(r.dailyCap),
        stop_loss: r.stopLoss === null ? null : formatFen(r.stopLoss),
        status: r.status,
        status_text: STATUS_TEXT[r.status],
        end_reason: r.endReason,
        copies: f.copies,
        staked: formatFen(f.staked),
        staked_today: formatFen(f.stakedToday),
        net: formatFen(f.net),
        recent: recent
          .filter((c) => c.subscriptionId === r.id)
          .slice(0, 10)
          .map((c) => ({
            post_id: c.postId,
            status: c.status,
            stake: c.stake === null ? null : formatFen(c.stake),
            reason: c.reason,
            at: (c.decidedAt ?? c.createdAt).toISOString(),
          })),
        created_at: r.createdAt.toISOString(),
      };
    });
  }

  // ---- the job ----------------------------------------------------------------------------------

  /** One run of the leader job `follow-auto-copy`: each waiting copy placed or refused, once. */
  async run(): Promise<{ placed: number; refused: number }> {
    const report = { placed: 0, refused: 0 };
    for (const copy of await repo.pendingCopies(this.db, BATCH)) {
      try {
        const outcome = await this.decide(copy);
        if (outcome) report[outcome]++;
      } catch (err) {
        this.log.error({ err, autoCopyId: copy.id }, '定制跟单 copy not decided');
      }
    }
    if (report.placed + report.refused > 0) this.log.info(report, '定制跟单 copies decided');
    return report;
  }

  private async decide(copy: repo.AutoCopyRow): Promise<'placed' | 'refused' | null> {
    const now = this.clock.now();
    const refuseCopy = async (reason: string, stop: boolean) => {
      await inTransaction(this.db, async (work) => {
        const held = await repo.lockCopy(work.tx, copy.id);
        if (!held || held.status !== 'pending') return;
        await repo.decideCopy(work.tx, copy.id, { status: 'refused', reason, at: now });
        if (stop) await repo.endSubscription(work.tx, copy.subscriptionId, 'stopped', reason, now);
        await this.messages.send(work, {
          memberId: copy.memberId,
          type: 'betting',
          title: stop ? '定制跟单已停止' : '定制跟单未成功',
          content: `您定制的跟单（晒单 #${copy.postId}）未下单：${reason}。`,
          dedupeKey: `follow-auto-copy:${copy.id}:refused`,
        });
      });
      return 'refused' as const;
    };
    const [sub] = (await repo.memberSubscriptions(this.db, copy.memberId)).filter(
      (s) => s.id === copy.subscriptionId,
    );
    if (!sub || sub.status !== 'active') return refuseCopy('定制跟单已结束', false);
    const post = await follow.postById(this.db, copy.postId);
    const order = post
      ? await orders.findMemberOrder(this.db, post.memberId, { id: post.orderId })
      : undefined;
    const member = await findMemberById(this.db, copy.memberId);
    if (!post || !order || !member) return refuseCopy('晒单不存在', false);
    const multiple = autoCopyMultiple(sub.mode, sub.value, order.multiple);
    const stake = (order.totalAmount / BigInt(order.multiple)) * BigInt(multiple);
    const figures = (
      await repo.subscriptionFigures(this.db, [sub.id], shanghaiDayStart(shanghaiDay(now)))
    ).get(sub.id);
    const stop = autoCopyRefusal({
      stakeFen: stake,
      stakedTodayFen: figures?.stakedToday ?? 0n,
      dailyCapFen: sub.dailyCap,
      netFen: figures?.net ?? 0n,
      stopLossFen: sub.stopLoss,
    });
    if (stop === 'stop_loss')
      return refuseCopy(`跟单净亏损已达止损金额 ${formatYuan(sub.stopLoss ?? 0n)} 元，定制已停止`, true);
    if (stop === 'daily_cap')
      return refuseCopy(`今日定制跟单金额将超过每日上限 ${formatYuan(sub.dailyCap)} 元`, false);
    // Keyed by the copy: a run that died after its submit finds that order again, never a second.
    const key = `follow-auto-copy-${copy.id}`;
    let placed = await this.idempotency.answered<{ order_id: number }>(member.id, key);
    try {
      placed ??= await this.follow.copy(
        copy.postId,
        { multiple },
        { member, idempotencyKey: key, route: 'POST /v1/follow/auto-copy' },
      );
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return refuseCopy(err.message, false);
      throw err;
    }
    await inTransaction(this.db, (work) =>
      repo.decideCopy(work.tx, copy.id, { status: 'placed', orderId: placed.order_id, stake, at: now }),
    );
    return 'placed';
  }

  // ---- console ----------------------------------------------------------------------------------

  async adminList(q: { page: number; per_page: number }) {
    const { rows, total } = await repo.adminSubscriptions(this.reads, {
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    const figures = await repo.subscriptionFigures(
      this.reads,
      rows.map((r) => Number(r.id)),
      shanghaiDayStart(shanghaiDay(this.clock.now())),
    );
    return pageOf(
      rows.map((r) => {
        const f = figures.get(Number(r.id)) ?? { copies: 0, staked: 0n, net: 0n };
        return {
          id: Number(r.id),
          member: r.member,
          member_id: Number(r.member_id),
          publisher: r.publisher,
          publisher_id: Number(r.publisher_id),
          mode_text:
            r.mode === 'multiple' ? `${r.value}倍` : `${FOLLOW_SUBSCRIPTION_MODES.percent} ${r.value}%`,
          daily_cap: formatFen(BigInt(r.daily_cap)),
          stop_loss: r.stop_loss === null ? null : formatFen(BigInt(r.stop_loss)),
          status_text: STATUS_TEXT[r.status],
          end_reason: r.end_reason,
          copies: f.copies,
          staked: formatFen(f.staked),
          net: formatFen(f.net),
          created_at: new Date(r.created_at).toISOString(),
        };
      }),
      total,
      q,
    );
  }
}
