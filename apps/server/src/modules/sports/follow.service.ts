import {
  followCommission,
  publisherRecord,
  formatFen,
  PLAY_TYPES,
  SPORT_TYPE_IDS,
  type OrderSubmitBody,
  type PlayTypeId,
  type PostResult,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { LedgerService } from '../ledger/index.ts';
import * as subscriptions from './follow-subscriptions.repo.ts';
import * as repo from './follow.repo.ts';
import * as orders from './orders.repo.ts';
import type { OrdersService, SubmitContext } from './orders.service.ts';
import { isOpenForBetting, passTypeName, salesCloseAt } from './sports.mapper.ts';

/** 战绩 covers the last 30 days. */
const RECORD_DAYS = 30;
const DAY_MS = 86_400_000;

/** An order settled or corrected, as settlement hands it to the extras (boosts.service.ts). */
interface OrderOutcome {
  order: { id: number; memberId: number; orderNo: string };
  status: 'won' | 'lost' | 'refunded';
  payout: bigint;
}

/** 晒单 rows as the shared 战绩 counts them. */
function results(rows: Awaited<ReturnType<typeof repo.publisherPosts>>): PostResult[] {
  const statusOf = (s: string): PostResult['status'] =>
    s === 'won' || s === 'lost' || s === 'pending' ? s : 'other';
  return rows.map((r) => ({
    status: statusOf(r.status),
    stakeFen: r.stake,
    payoutFen: r.payout,
    decidedAt: r.status === 'won' || r.status === 'lost' ? (r.settledAt?.getTime() ?? null) : null,
    copies: r.copies,
  }));
}

/** Leaderboard orders: by hit rate, return, 连红 or copiers (ties: more decided, then more won). */
const BOARD_SORTS = {
  hit_rate: (r: { hitRate: number | null }) => r.hitRate ?? -1,
  return: (r: { returnRate: number | null }) => r.returnRate ?? -1_000_000,
  streak: (r: { streak: number }) => r.streak,
  copiers: (r: { copiers: number }) => r.copiers,
} as const;

/** "zh***" of a username: others see who posted, not the whole account name. */
function masked(username: string): string {
  return `${username.slice(0, 2)}***`;
}

/**
 * 跟单 (issue 39, point 3; docs/decisions/033-follow.md). A member publishes (晒单) an open pre-match
 * order of theirs with a comment and a commission (0–8 % of copiers' winnings); others copy it in
 * one tap: a new order of their own through the same submit as every order (every check, limit and
 * exclusion applies), the same selections at the current odds, their multiple, until the first
 * match's sales close. At settlement (settlement extras, in the batch's transaction, after the
 * payouts) a copy that won money pays the publisher their rate of its winnings — once per order,
 * keyed; a correction moves it by the difference.
 */
export class FollowService {
  constructor(
    private readonly db: Db,
    /** The console's 晒单 list (Core.reads); publishing, copying and commissions read the primary. */
    private readonly reads: Db,
    private readonly ledger: Pick<LedgerService, 'post'>,
    private readonly orders: Pick<OrdersService, 'submit' | 'detail'>,
    private readonly clock: Clock,
  ) {}

  async publish(memberId: number, body: { order_no: string; comment: string; commission_bp: number }) {
    const order = await orders.findMemberOrder(this.db, memberId, { orderNo: body.order_no });
    if (!order) throw refuse('sports.order_not_found');
    const why = (text: string) => refuse('sports.follow_refused', { why: text });
    if (order.status !== 'pending') throw why('只有待开奖的注单可以晒单');
    if (order.freeBetId !== null) throw why('免费投注券注单不能晒单');
    if (order.followPostId !== null) throw why('跟单的注单不能再晒单');
    if (order.syndicateId !== null) throw why('合买方案的注单请在合买大厅查看');
    if (order.multiples !== null) throw why('奖金优化注单暂不支持晒单');
    const legs = await orders.legsOfOrder(this.db, order.id);
    const reads = await orders.slipReads(this.db, memberId, [...new Set(legs.map((l) => l.matchId))], []);
    const now = this.clock.now();
    if (legs.some((l) => l.inPlay) || !reads.matches.every((m) => isOpenForBetting(m, now)))
      throw why('注单中有比赛已开赛或停售，不能晒单');
    const closesAt = new Date(Math.min(...reads.matches.map((m) => salesCloseAt(m).getTime())));
    // 定制跟单: one waiting copy per active subscriber, in the 晒单's transaction.
    const post = await inTransaction(this.db, async (work) => {
      const inserted = await repo.insertPost(work.tx, {
        orderId: order.id,
        memberId,
        comment: body.comment,
        commissionBp: body.commission_bp,
        closesAt,
        createdAt: now,
      });
      if (inserted) await subscriptions.enqueueCopies(work.tx, memberId, inserted.id, now);
      return inserted;
    });
    if (!post) throw why('该注单已晒单');
    return this.view(post, memberId);
  }

  async list(
    viewerId: number,
    query: { sort: 'newest' | 'hot'; mine?: '0' | '1' | undefined; page: number; per_page: number },
  ) {
    const { rows, total } = await repo.listPosts(
      this.db,
      { now: this.clock.now(), sort: query.sort, memberId: query.mine === '1' ? viewerId : undefined },
      query,
    );
    return pageOf(await Promise.all(rows.map((r) => this.view(r, viewerId))), total, query);
  }

  /** 实单: the 晒单 of the member account an expert bets with, newest first (empty when none is linked). */
  async expertSlips(expertId: number, query: { page: number; per_page: number }) {
    const memberId = await repo.expertMemberId(this.db, expertId);
    if (memberId === undefined) throw refuse('content.expert_not_found');
    if (memberId === null) return pageOf([], 0, query);
    const { rows, total } = await repo.listPosts(
      this.db,
      { now: this.clock.now(), sort: 'newest', memberId },
      query,
    );
    return pageOf(await Promise.all(rows.map((r) => this.view(r, 0))), total, query);
  }

  async one(viewerId: number, id: number) {
    const post = await repo.postById(this.db, id);
    if (!post) throw refuse('sports.follow_post_not_found');
    return this.view(post, viewerId);
  }

  private async view(post: repo.FollowPostRow, viewerId: number) {
    const now = this.clock.now();
    const [detail, figures, names, posts] = await Promise.all([
      this.orders.detail(post.memberId, { id: post.orderId }),
      repo.postFigures(this.db, [post.id]),
      repo.usernames(this.db, [post.memberId]),
      repo.publisherPosts(this.db, new Date(now.getTime() - RECORD_DAYS * DAY_MS), post.memberId),
    ]);
    const f = figures.get(post.id) ?? { copies: 0, copied: 0n, commission: 0n };
    return {
      id: post.id,
      publisher: masked(names.get(post.memberId) ?? ''),
      mine: post.memberId === viewerId,
      sport_type: detail.sport_type,
      bet_mode: detail.bet_mode,
      pass_type: detail.pass_type,
      pass_type_name: detail.pass_type_name,
      multiple: detail.multiple,
      total_amount: detail.total_amount,
      max_prize: detail.max_prize,
      order_status: detail.status,
      order_status_text: detail.status_text,
      payout: detail.payout,
      legs: detail.legs,
      comment: post.comment,
      commission_bp: post.commissionBp,
      copies: f.copies,
      copied_amount: formatFen(f.copied),
      commission_earned: formatFen(f.commission),
      open: post.closesAt.getTime() > now.getTime() && detail.status === 'pending',
      closes_at: post.closesAt.toISOString(),
      created_at: post.createdAt.toISOString(),
      record: (() => {
        const record = publisherRecord(results(posts), now.getTime() - RECORD_DAYS * DAY_MS);
        return {
          posts_30d: posts.length,
          decided_30d: record.decided,
          won_30d: record.won,
          hit_rate_30d: record.hitRate,
          return_rate_30d: record.returnRate,
          streak: record.streak,
        };
      })(),
    };
  }

  /**
   * 战绩榜: publishers of the last `days` (7 or 30) ranked by hit rate, return, 连红 or copiers;
   * at least one decided 晒单 to be ranked; the top 50.
   */
  async leaderboard(query: { days: 7 | 30; sort: keyof typeof BOARD_SORTS }) {
    const nowMs = this.clock.now().getTime();
    const since = nowMs - query.days * DAY_MS;
    const rows = await repo.publisherPosts(this.db, new Date(since));
    const byMember = new Map<number, typeof rows>();
    for (const r of rows) byMember.set(r.memberId, [...(byMember.get(r.memberId) ?? []), r]);
    const ranked = [...byMember.entries()]
      .map(([memberId, posts]) => ({
        memberId,
        posts: posts.length,
        ...publisherRecord(results(posts), since),
      }))
      .filter((r) => r.decided > 0)
      .sort((a, b) => {
        const key = BOARD_SORTS[query.sort];
        return key(b) - key(a) || b.decided - a.decided || b.won - a.won || a.memberId - b.memberId;
      })
      .slice(0, 50);
    const names = await repo.usernames(
      this.db,
      ranked.map((r) => r.memberId),
    );
    return {
      days: query.days,
      sort: query.sort,
      list: ranked.map((r, i) => ({
        rank: i + 1,
        publisher: masked(names.get(r.memberId) ?? ''),
        posts: r.posts,
        decided: r.decided,
        won: r.won,
        hit_rate: r.hitRate,
        return_rate: r.returnRate,
        streak: r.streak,
        copiers: r.copiers,
      })),
    };
  }

  /**
   * Copies a 晒单: the publisher's selections at the current odds, the member's multiple, placed
   * by the same submit as every order (so the odds-change setting, limits and exclusions apply).
   */
  async copy(id: number, input: { multiple: number; total_amount?: string | undefined }, ctx: SubmitContext) {
    const post = await repo.postById(this.db, id);
    if (!post) throw refuse('sports.follow_post_not_found');
    const why = (text: string) => refuse('sports.follow_refused', { why: text });
    if (post.memberId === ctx.member.id) throw why('不能跟自己的晒单');
    const order = await orders.findMemberOrder(this.db, post.memberId, { id: post.orderId });
    if (!order) throw refuse('sports.follow_post_not_found');
    // Until the first match's sales close, and while the publisher's order is open.
    if (post.closesAt.getTime() <= this.clock.now().getTime() || order.status !== 'pending')
      throw why('该晒单已截止跟单');
    const legs = await orders.legsOfOrder(this.db, order.id);
    const matchIds = [...new Set(legs.map((l) => l.matchId))];
    const betTypes = [...new Set(legs.map((l) => PLAY_TYPES[l.playType as PlayTypeId].betType))];
    const reads = await orders.slipReads(this.db, ctx.member.id, matchIds, betTypes);
    const selections = legs.map((l) => {
      const market = reads.markets.get(l.matchId)?.find((m) => m.playType === l.playType);
      const odds = market?.odds[l.optionKey];
      if (!market || odds === undefined || market.line !== l.line)
        throw why('晒单中有盘口已变化或已关闭，暂不能跟单');
      return {
        match_id: l.matchId,
        bet_type: PLAY_TYPES[l.playType as PlayTypeId].betType,
        option: l.optionKey,
        odds,
        ...(l.line === null ? {} : { line: l.line }),
      };
    });
    const body: OrderSubmitBody = {
      sport_type: SPORT_TYPE_IDS[order.sport],
      bet_mode: order.betMode,
      pass_type: order.passType,
      multiple: input.multiple,
      selections,
      ...(input.total_amount === undefined ? {} : { total_amount: input.total_amount }),
    };
    return this.orders.submit(body, { ...ctx, followPostId: post.id });
  }

  // ---- console ----------------------------------------------------------------------------------

  async adminList(query: {
    username?: string | undefined;
    state?: 'open' | 'closed' | undefined;
    page: number;
    per_page: number;
  }) {
    const { rows, total } = await repo.adminPosts(
      this.reads,
      { username: query.username, state: query.state, now: this.clock.now() },
      query,
    );
    const figures = await repo.postFigures(
      this.reads,
      rows.map((r) => r.id),
    );
    return pageOf(
      rows.map((r) => {
        const f = figures.get(r.id) ?? { copies: 0, copied: 0n, commission: 0n };
        return {
          id: r.id,
          username: r.username,
          member_id: r.member_id,
          order_no: r.order_no,
          pass_type: r.pass_type === 'single' ? '单关' : passTypeName(r.pass_type),
          total_amount: formatFen(BigInt(r.total_amount)),
          order_status: r.order_status,
          comment: r.comment,
          commission_bp: r.commission_bp,
          copies: f.copies,
          copied_amount: formatFen(f.copied),
          commission_paid: formatFen(f.commission),
          open: r.open,
          closes_at: new Date(r.closes_at).toISOString(),
          created_at: new Date(r.created_at).toISOString(),
        };
      }),
      total,
      query,
    );
  }

  // ---- settlement extras ---------------------------------------------------------------------------

  /** Pays each copy that won money its publisher's commission, once (in the settling transaction). */
  async settle(work: Work, settled: readonly OrderOutcome[], now: Date): Promise<void> {
    const copies = await repo.copiesOf(
      work.tx,
      settled.map((s) => s.order.id),
    );
    if (!copies.length) return;
    const byOrder = new Map(settled.map((s) => [s.order.id, s]));
    for (const copy of copies) {
      if (copy.paid !== null) continue;
      const s = byOrder.get(copy.orderId)!;
      const due = s.status === 'won' ? followCommission(s.payout, copy.stake, copy.rateBp) : 0n;
      await repo.saveCommission(work.tx, {
        orderId: copy.orderId,
        postId: copy.postId,
        publisherId: copy.publisherId,
        copierId: s.order.memberId,
        amount: due,
        createdAt: now,
      });
      if (due > 0n)
        await this.move(work, s.order, copy.publisherId, due, `follow:${copy.orderId}`, '跟单佣金');
    }
  }

  /** A corrected copy: its commission set to what the new result owes, the difference moved. */
  async correct(
    work: Work,
    changes: readonly OrderOutcome[],
    correctionId: number,
    now: Date,
  ): Promise<void> {
    const copies = await repo.copiesOf(
      work.tx,
      changes.map((c) => c.order.id),
    );
    const byOrder = new Map(changes.map((c) => [c.order.id, c]));
    for (const copy of copies) {
      const c = byOrder.get(copy.orderId)!;
      const due = c.status === 'won' ? followCommission(c.payout, copy.stake, copy.rateBp) : 0n;
      const delta = due - (copy.paid ?? 0n);
      await repo.saveCommission(work.tx, {
        orderId: copy.orderId,
        postId: copy.postId,
        publisherId: copy.publisherId,
        copierId: c.order.memberId,
        amount: due,
        createdAt: now,
      });
      if (delta !== 0n)
        await this.move(
          work,
          c.order,
          copy.publisherId,
          delta,
          `correction:${correctionId}:follow:${copy.orderId}`,
          '跟单佣金更正',
        );
    }
  }

  /** `amount` from the copier to the publisher (negative: back), two keyed entries. */
  private async move(
    work: Work,
    order: OrderOutcome['order'],
    publisherId: number,
    amount: bigint,
    key: string,
    remark: string,
  ) {
    const reference = { type: 'order', id: order.orderNo };
    await this.ledger.post(work, {
      memberId: order.memberId,
      amount: -amount,
      type: 'follow_commission',
      reference,
      idempotencyKey: `${key}:copier`,
      remark: `${remark} ${order.orderNo}`,
    });
    await this.ledger.post(work, {
      memberId: publisherId,
      amount,
      type: 'follow_commission',
      reference,
      idempotencyKey: `${key}:publisher`,
      remark: `${remark}（跟单 ${order.orderNo}）`,
    });
  }
}
