import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  deadlineOutcome,
  formatFen,
  findLottery,
  formatYuan,
  initiatorMinShares,
  publisherRecord,
  selectionsVisible,
  sharePrice,
  SPORT_TYPE_IDS,
  splitPayout,
  SYNDICATE_SPLIT_RULE,
  SYNDICATE_STATUSES,
  SYNDICATE_VISIBILITY,
  syndicateProgress,
  type SyndicateCreateBody,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { OperatorCall } from '../../plugins/operator-guard.ts';
import type { MemberRow } from '../accounts/index.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import type { SyndicateBets, SyndicateLotterySlip } from '../lottery/index.ts';
import { passTypeName, type SyndicateOrders, type SyndicateSlip } from '../sports/index.ts';
import * as repo from './syndicates.repo.ts';

const DAY_MS = 86_400_000;
/** A lottery plan is decided this long before its period's 封盘 (the job runs every second). */
const LOTTERY_LEAD_MS = 10_000;
/** Plans the job decides per run; the next run (a second later) takes the rest. */
const BATCH = 50;

/** An order settled or corrected, as sports settlement hands it to its extras. */
export interface SettledOrder {
  order: { id: number; memberId: number; orderNo: string };
  status: 'won' | 'lost' | 'refunded';
  payout: bigint;
}

export interface SyndicatesSettings {
  minInitiatorBp: number;
  deadlineLeadMs: number;
}

export interface MemberCall {
  member: MemberRow;
  idempotencyKey: string | undefined;
  route: string;
}

function newPlanNo(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(2, 14);
  return `H${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

const lotteryName = (code: string) => findLottery(code)?.name ?? code;

function masked(username: string): string {
  return `${username.slice(0, 2)}***`;
}

/**
 * 合买 (issue 39, point 2; docs/decisions/034-syndicates.md). A member starts a plan from a 竞彩
 * slip: its total split into equal shares, their own part bought and any 保底 frozen at once.
 * Members buy shares until the deadline (the plan row held: never oversold). The leader job
 * `syndicates` decides each plan when it is full or at its deadline: placed as an order of the
 * initiator's staked from every holder's frozen shares, filled from the guarantee first when short,
 * or failed (流产) with every share returned. At settlement (the sports extras, in the settling
 * transaction) the order's payout, paid to the initiator, is split among the holders by shares
 * after the initiator's commission (domain/syndicate.ts).
 */
export class SyndicatesService {
  constructor(
    private readonly db: Db,
    /** The console's plan list and commission report (Core.reads); buying, deciding and 流产 read the primary. */
    private readonly reads: Db,
    private readonly settings: SyndicatesSettings,
    private readonly deps: {
      ledger: Pick<LedgerService, 'move' | 'postMany'>;
      idempotency: Pick<IdempotencyService, 'run'>;
      clock: Clock;
      responsible: Pick<ResponsiblePlayService, 'assertMayPlay'>;
      orders: Pick<SyndicateOrders, 'quote' | 'place' | 'orderLegs'>;
      bets: Pick<SyndicateBets, 'quote' | 'place' | 'planLines'>;
      messages: Pick<MessagesService, 'send' | 'sendMany'>;
      operators: Pick<OperatorsService, 'audit'>;
      log: Pick<FastifyBaseLogger, 'info' | 'error'>;
    },
  ) {}

  // ---- members ----------------------------------------------------------------------------------

  async create(body: SyndicateCreateBody, call: MemberCall) {
    const { member } = call;
    if (member.isBlack) throw refuse('accounts.betting_restricted');
    if (member.disableGame) throw refuse('accounts.betting_disabled');
    const quote = await this.quote(member.id, body);
    const invalid = (problem: string) => refuse('syndicates.plan_invalid', { problem });
    const price = sharePrice(quote.totalStake, body.shares);
    if (!price.ok) throw invalid(price.message);
    const least = initiatorMinShares(body.shares, this.settings.minInitiatorBp);
    if (body.buy_shares < least) throw invalid(`发起人至少认购${least}份`);
    if (body.buy_shares > body.shares) throw invalid('认购份数不能超过总份数');
    if (body.guarantee_shares > body.shares - body.buy_shares)
      throw invalid(`保底份数不能超过剩余的${body.shares - body.buy_shares}份`);
    const now = this.deps.clock.now();
    const deadline = new Date(quote.closesAt.getTime() - quote.leadMs);
    if (deadline <= now)
      throw quote.game === 'sports'
        ? refuse('syndicates.closing', { minutes: Math.round(quote.leadMs / 60_000) })
        : refuse('syndicates.closing_period', { seconds: Math.round(quote.leadMs / 1000) });
    const buyFen = price.priceFen * BigInt(body.buy_shares);
    const guaranteeFen = price.priceFen * BigInt(body.guarantee_shares);
    const { data } = await this.deps.idempotency.run(
      { memberId: member.id, key: call.idempotencyKey, route: call.route, request: body },
      async (work) => {
        await this.deps.responsible.assertMayPlay(work, member.id, now, {
          kind: 'stake',
          amount: buyFen + guaranteeFen,
        });
        let plan: repo.PlanRow | undefined;
        for (let tries = 0; !plan && tries < 3; tries++)
          plan = await repo.insertPlan(work.tx, {
            planNo: newPlanNo(now),
            game: quote.game,
            initiatorId: member.id,
            title: body.title,
            slip: quote.slip,
            sport: quote.sport,
            passType: quote.passType,
            betCount: quote.betCount,
            totalAmount: quote.totalStake,
            shares: body.shares,
            sharePrice: price.priceFen,
            soldShares: 0,
            guaranteeShares: body.guarantee_shares,
            commissionBp: body.commission_bp,
            visibility: body.visibility,
            deadlineAt: deadline,
            maxPrize: quote.maxPrize,
            createdAt: now,
          });
        if (!plan) throw new Error('no free plan number');
        const purchase = await repo.addShares(work.tx, {
          planId: plan.id,
          memberId: member.id,
          kind: 'initiator',
          shares: body.buy_shares,
          amount: buyFen,
          at: now,
        });
        const balance = await this.freeze(
          work,
          member.id,
          buyFen,
          `syndicate-purchase:${purchase}`,
          plan.planNo,
          '认购',
        );
        const after =
          guaranteeFen > 0n
            ? await this.freeze(
                work,
                member.id,
                guaranteeFen,
                `syndicate:${plan.id}:guarantee`,
                plan.planNo,
                '保底',
              )
            : balance;
        return { id: plan.id, balance: formatFen(after) };
      },
    );
    return { plan: await this.detail(member.id, data.id), balance: data.balance };
  }

  /** The plan's slip priced by its game: a 竞彩 slip by the sports book, lottery lines by the lottery. */
  private async quote(memberId: number, body: SyndicateCreateBody) {
    if (body.slip) {
      const q = await this.deps.orders.quote(memberId, body.slip);
      return { ...q, game: 'sports' as const, leadMs: this.settings.deadlineLeadMs };
    }
    const q = await this.deps.bets.quote(body.lottery!);
    return {
      game: 'lottery' as const,
      // A period sells for minutes: the plan is decided seconds before its 封盘.
      leadMs: LOTTERY_LEAD_MS,
      closesAt: q.closesAt,
      slip: q.slip,
      sport: q.slip.lottery_code,
      passType: 'lottery',
      betCount: q.lines.reduce((n, l) => n + l.item_count, 0),
      totalStake: q.totalStake,
      maxPrize: 0n,
    };
  }

  async buy(id: number, shares: number, call: MemberCall) {
    const { member } = call;
    if (member.isBlack) throw refuse('accounts.betting_restricted');
    if (member.disableGame) throw refuse('accounts.betting_disabled');
    const { data } = await this.deps.idempotency.run(
      { memberId: member.id, key: call.idempotencyKey, route: call.route, request: { id, shares } },
      async (work) => {
        const now = this.deps.clock.now();
        // The plan row is held only at the end (takeShares), so purchases of one plan overlap
        // until then: the member's limits, the purchase, the freeze, then the shares.
        const plan = await repo.planById(work.tx, id);
        if (!plan) throw refuse('syndicates.not_found');
        const refusal = (p: repo.PlanRow) =>
          p.status !== 'open'
            ? refuse('syndicates.not_open', { status: SYNDICATE_STATUSES[p.status] })
            : p.deadlineAt <= now
              ? refuse('syndicates.deadline_passed')
              : refuse('syndicates.sold_out', { left: p.shares - p.soldShares });
        if (plan.status !== 'open' || plan.deadlineAt <= now || shares > plan.shares - plan.soldShares)
          throw refusal(plan);
        const amount = plan.sharePrice * BigInt(shares);
        await this.deps.responsible.assertMayPlay(work, member.id, now, { kind: 'stake', amount });
        const purchase = await repo.recordPurchase(work.tx, {
          planId: plan.id,
          memberId: member.id,
          kind: plan.initiatorId === member.id ? 'initiator' : 'buy',
          shares,
          amount,
          at: now,
        });
        const balance = await this.freeze(
          work,
          member.id,
          amount,
          `syndicate-purchase:${purchase}`,
          plan.planNo,
          '认购',
        );
        if (!(await repo.takeShares(work.tx, plan.id, shares, now)))
          throw refusal((await repo.planById(work.tx, id)) ?? plan);
        return { balance: formatFen(balance) };
      },
    );
    return { plan: await this.detail(member.id, id), balance: data.balance };
  }

  async list(
    memberId: number,
    query: { sort: repo.PlanSort; mine?: '0' | '1' | undefined; page: number; per_page: number },
  ) {
    const now = this.deps.clock.now();
    const { rows, total } = await repo.listPlans(
      this.db,
      { now, sort: query.sort, memberId: query.mine === '1' ? memberId : undefined },
      query,
    );
    const figures = await repo.planFigures(
      this.db,
      rows.map((r) => r.id),
      memberId,
    );
    const names = await repo.usernames(
      this.db,
      rows.map((r) => r.initiatorId),
    );
    const records = new Map<number, Awaited<ReturnType<SyndicatesService['recordOf']>>>();
    for (const initiator of new Set(rows.map((r) => r.initiatorId)))
      records.set(initiator, await this.recordOf(initiator, now));
    return pageOf(
      rows.map((r) =>
        this.view(r, memberId, now, {
          initiator: names.get(r.initiatorId) ?? '',
          figures: figures.get(r.id),
          record: records.get(r.initiatorId)!,
          legs: [],
          lottery:
            r.game === 'lottery'
              ? {
                  lottery_code: (r.slip as SyndicateLotterySlip).lottery_code,
                  lottery_name: lotteryName(r.sport),
                  expect: (r.slip as SyndicateLotterySlip).expect,
                  lines: [],
                }
              : null,
        }),
      ),
      total,
      query,
    );
  }

  async detail(memberId: number, id: number) {
    const plan = await repo.planById(this.db, id);
    if (!plan) throw refuse('syndicates.not_found');
    const now = this.deps.clock.now();
    const holders = await repo.holdersWithNames(this.db, id);
    const mine = holders.find((h) => h.memberId === memberId);
    const visible = this.visibleTo(plan, memberId, mine !== undefined, now);
    const legs =
      !visible || plan.game !== 'sports'
        ? []
        : plan.orderId !== null
          ? await this.deps.orders.orderLegs(plan.orderId)
          : ((await this.deps.orders.quote(plan.initiatorId, plan.slip as SyndicateSlip).catch(() => null))
              ?.legs ?? []);
    const lottery = plan.game === 'lottery' ? await this.lotteryOf(plan, visible) : null;
    const initiator = holders.find((h) => h.memberId === plan.initiatorId)?.username ?? '';
    return {
      ...this.view(plan, memberId, now, {
        initiator,
        figures: {
          participants: holders.length,
          mine: mine ? { shares: mine.shares, amount: mine.amount, payout: mine.payout } : null,
        },
        record: await this.recordOf(plan.initiatorId, now),
        legs,
        lottery,
      }),
      holders: holders.map((h) => ({
        member: h.memberId === memberId ? h.username : masked(h.username),
        initiator: h.memberId === plan.initiatorId,
        shares: h.shares,
        amount: formatFen(h.amount),
        payout: formatFen(h.payout),
      })),
      split_rule: SYNDICATE_SPLIT_RULE,
    };
  }

  /** A lottery plan's lottery, period and lines (its bets once placed; nothing when hidden). */
  private async lotteryOf(plan: repo.PlanRow, visible: boolean) {
    const slip = plan.slip as SyndicateLotterySlip;
    const quoted =
      plan.status === 'open' && visible ? await this.deps.bets.quote(slip).catch(() => null) : null;
    return {
      lottery_code: slip.lottery_code,
      lottery_name: lotteryName(slip.lottery_code),
      expect: slip.expect,
      lines: !visible
        ? []
        : plan.status === 'open'
          ? (quoted?.lines ?? [])
          : await this.deps.bets.planLines(plan.id),
    };
  }

  private visibleTo(plan: repo.PlanRow, memberId: number, holder: boolean, now: Date): boolean {
    return selectionsVisible(plan.visibility, {
      initiator: plan.initiatorId === memberId,
      holder,
      pastDeadline: plan.status !== 'open' || plan.deadlineAt <= now,
    });
  }

  private view(
    plan: repo.PlanRow,
    memberId: number,
    now: Date,
    extra: {
      initiator: string;
      figures:
        { participants: number; mine: { shares: number; amount: bigint; payout: bigint } | null } | undefined;
      record: Awaited<ReturnType<SyndicatesService['recordOf']>>;
      legs: Awaited<ReturnType<SyndicateOrders['orderLegs']>>;
      lottery?: Awaited<ReturnType<SyndicatesService['lotteryOf']>> | null;
    },
  ) {
    const mine = extra.figures?.mine ?? null;
    return {
      id: plan.id,
      plan_no: plan.planNo,
      initiator: plan.initiatorId === memberId ? extra.initiator : masked(extra.initiator),
      mine: plan.initiatorId === memberId,
      title: plan.title,
      sport_type: SPORT_TYPE_IDS[plan.sport as keyof typeof SPORT_TYPE_IDS] ?? 0,
      pass_type: plan.passType,
      pass_type_name:
        plan.game === 'lottery'
          ? `${lotteryName(plan.sport)} 第${(plan.slip as SyndicateLotterySlip).expect}期`
          : plan.passType === 'single'
            ? '单关'
            : passTypeName(plan.passType),
      multiple: plan.game === 'sports' ? (plan.slip as SyndicateSlip).multiple : 1,
      bet_count: plan.betCount,
      total_amount: formatFen(plan.totalAmount),
      shares: plan.shares,
      share_price: formatFen(plan.sharePrice),
      sold_shares: plan.soldShares,
      progress: syndicateProgress(plan.soldShares, plan.shares),
      guarantee_shares: plan.guaranteeShares,
      commission_bp: plan.commissionBp,
      visibility: plan.visibility,
      visibility_text: SYNDICATE_VISIBILITY[plan.visibility],
      status: plan.status,
      status_text: SYNDICATE_STATUSES[plan.status],
      deadline_at: plan.deadlineAt.toISOString(),
      max_prize: formatFen(plan.maxPrize),
      payout: formatFen(plan.payout),
      commission: formatFen(plan.commission),
      fail_reason: plan.failReason,
      participants: extra.figures?.participants ?? 0,
      my_shares: mine?.shares ?? 0,
      my_amount: formatFen(mine?.amount ?? 0n),
      my_payout: formatFen(mine?.payout ?? 0n),
      order_no: plan.orderNo,
      selections_visible: this.visibleTo(plan, memberId, mine !== null, now),
      game: plan.game,
      legs: extra.legs,
      lottery: extra.lottery ?? null,
      record: extra.record,
      created_at: plan.createdAt.toISOString(),
    };
  }

  /** The initiator's 30-day 战绩 of plans (hit rate, return, 连红), as the 晒单 战绩 counts. */
  private async recordOf(initiatorId: number, now: Date) {
    const since = new Date(now.getTime() - 30 * DAY_MS);
    const plans = await repo.decidedPlans(this.db, initiatorId, since);
    const record = publisherRecord(
      plans.map((p) => ({
        status: p.status === 'won' || p.status === 'lost' ? p.status : 'other',
        stakeFen: p.total,
        payoutFen: p.payout,
        decidedAt: p.settledAt?.getTime() ?? null,
        copies: p.participants,
      })),
      since.getTime(),
    );
    return {
      decided_30d: record.decided,
      won_30d: record.won,
      hit_rate_30d: record.hitRate,
      return_rate_30d: record.returnRate,
      streak: record.streak,
    };
  }

  // ---- the job ----------------------------------------------------------------------------------

  /** One run of the leader job `syndicates`: every plan full or at its deadline, placed or failed. */
  async run(): Promise<{ placed: number; failed: number }> {
    const report = { placed: 0, failed: 0 };
    for (const id of await repo.duePlanIds(this.db, this.deps.clock.now(), BATCH)) {
      try {
        const outcome = await this.decide(id);
        if (outcome) report[outcome]++;
      } catch (err) {
        // One plan's failure (rolled back, still open) must not hold up the others.
        this.deps.log.error({ err, syndicateId: id }, '合买 plan not decided');
      }
    }
    if (report.placed + report.failed > 0) this.deps.log.info(report, '合买 plans decided');
    return report;
  }

  /** Decides one plan: placed, or failed with why (a refusal of the order, or too few shares). */
  private async decide(id: number): Promise<'placed' | 'failed' | null> {
    let refusal: string | null = null;
    try {
      const placed = await inTransaction(this.db, async (work) => {
        const now = this.deps.clock.now();
        const plan = await repo.lockPlan(work.tx, id);
        if (!plan || plan.status !== 'open') return null;
        const full = plan.soldShares === plan.shares;
        if (!full && plan.deadlineAt > now) return null;
        const outcome = deadlineOutcome({
          shares: plan.shares,
          sold: plan.soldShares,
          guaranteeShares: plan.guaranteeShares,
        });
        if (outcome.kind === 'failed') return false;
        let unused = plan.guaranteeShares;
        if (outcome.kind === 'guaranteed') {
          // 保底: the initiator buys the gap from the frozen guarantee (no money moves: it is frozen already).
          await repo.addShares(work.tx, {
            planId: plan.id,
            memberId: plan.initiatorId,
            kind: 'guarantee',
            shares: outcome.shares,
            amount: plan.sharePrice * BigInt(outcome.shares),
            at: now,
          });
          unused -= outcome.shares;
        }
        if (unused > 0)
          await this.unfreeze(
            work,
            plan.initiatorId,
            plan.sharePrice * BigInt(unused),
            `syndicate:${plan.id}:guarantee-back`,
            plan.planNo,
            '保底退回',
          );
        const holders = await repo.holdersOf(work.tx, plan.id);
        const placing = {
          memberId: plan.initiatorId,
          totalFen: plan.totalAmount,
          funders: holders.map((h) => ({ memberId: h.memberId, amount: h.amount })),
          syndicateId: plan.id,
          planNo: plan.planNo,
        };
        const order =
          plan.game === 'sports'
            ? await this.deps.orders.place(work, { ...placing, slip: plan.slip as SyndicateSlip })
            : await this.deps.bets.place(work, { ...placing, slip: plan.slip as SyndicateLotterySlip });
        await repo.markPlaced(work.tx, plan.id, order, now);
        await this.deps.messages.sendMany(
          work,
          holders.map((h) => ({
            memberId: h.memberId,
            type: 'betting' as const,
            title: '合买方案已出票',
            content: `合买方案 ${plan.planNo} 已${outcome.kind === 'guaranteed' ? `由发起人保底${outcome.shares}份后` : '满员'}出票（注单 ${order.orderNo}），您认购 ${h.shares} 份共 ${formatYuan(h.amount)} 元。`,
            dedupeKey: `syndicate:${plan.id}:placed:${h.memberId}`,
          })),
        );
        return true;
      });
      if (placed === null) return null;
      if (placed) return 'placed';
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      refusal = `出票失败：${err.message}`;
    }
    const failed = await inTransaction(this.db, async (work) => {
      const plan = await repo.lockPlan(work.tx, id);
      if (!plan || plan.status !== 'open') return false;
      await this.failLocked(work, plan, refusal ?? '截止时认购未满且保底不足', null);
      return true;
    });
    return failed ? 'failed' : null;
  }

  /** 流产 (the plan row held): every holding and the guarantee returned, every holder told. */
  private async failLocked(work: Work, plan: repo.PlanRow, reason: string, operatorId: number | null) {
    const now = this.deps.clock.now();
    const holders = await repo.holdersOf(work.tx, plan.id);
    const reference = { type: 'syndicate', id: plan.planNo };
    await this.deps.ledger.postMany(
      work,
      holders.flatMap((h) =>
        (['frozen', 'main'] as const).map((wallet) => ({
          memberId: h.memberId,
          wallet,
          amount: wallet === 'frozen' ? -h.amount : h.amount,
          type: 'syndicate_unfreeze' as const,
          reference,
          idempotencyKey: `syndicate:${plan.id}:refund:${h.memberId}:${wallet === 'frozen' ? 'out' : 'in'}`,
          remark: `合买流产退回 ${plan.planNo}`,
        })),
      ),
    );
    if (plan.guaranteeShares > 0)
      await this.unfreeze(
        work,
        plan.initiatorId,
        plan.sharePrice * BigInt(plan.guaranteeShares),
        `syndicate:${plan.id}:guarantee-back`,
        plan.planNo,
        '保底退回',
      );
    await repo.markFailed(work.tx, plan.id, reason, operatorId, now);
    await this.deps.messages.sendMany(
      work,
      holders.map((h) => ({
        memberId: h.memberId,
        type: 'betting' as const,
        title: '合买方案流产',
        content: `合买方案 ${plan.planNo} 已流产（${reason}），您认购的 ${h.shares} 份共 ${formatYuan(h.amount)} 元已退回主钱包。`,
        dedupeKey: `syndicate:${plan.id}:failed:${h.memberId}`,
      })),
    );
  }

  // ---- settlement extras --------------------------------------------------------------------------

  /**
   * Splits each settled plan's payout among its holders, once (in the settling transaction, after
   * the order's payout reached the initiator): each other holder's part moves from the initiator.
   */
  async settle(work: Work, settled: readonly SettledOrder[], now: Date): Promise<void> {
    const plans = await repo.lockPlansOfOrders(
      work.tx,
      settled.map((s) => s.order.id),
    );
    const byOrder = new Map(settled.map((s) => [s.order.id, s]));
    for (const plan of plans) {
      if (plan.status !== 'placed') continue;
      const s = byOrder.get(plan.orderId!)!;
      await this.split(work, plan, s, null, now);
    }
  }

  /** A corrected plan: the split again for the new result, each holder's difference moved. */
  async correct(
    work: Work,
    changes: readonly SettledOrder[],
    correctionId: number,
    now: Date,
  ): Promise<void> {
    const plans = await repo.lockPlansOfOrders(
      work.tx,
      changes.map((c) => c.order.id),
    );
    const byOrder = new Map(changes.map((c) => [c.order.id, c]));
    for (const plan of plans) {
      if (plan.status === 'open' || plan.status === 'failed') continue;
      await this.split(work, plan, byOrder.get(plan.orderId!)!, correctionId, now);
    }
  }

  private async split(
    work: Work,
    plan: repo.PlanRow,
    s: Pick<SettledOrder, 'status' | 'payout'>,
    correctionId: number | null,
    now: Date,
  ) {
    // A lottery plan's payout reached the initiator's lottery wallet, as every lottery payout does;
    // the holders' parts go to theirs.
    const wallet = plan.game === 'lottery' ? ('lottery' as const) : ('main' as const);
    const holders = await repo.holdersOf(work.tx, plan.id);
    const split = splitPayout({
      payoutFen: s.payout,
      totalFen: plan.totalAmount,
      shares: plan.shares,
      rateBp: plan.commissionBp,
      initiatorId: plan.initiatorId,
      holdings: holders,
    });
    const reference = { type: 'syndicate', id: plan.planNo };
    const key =
      correctionId === null ? `syndicate:${plan.id}` : `correction:${correctionId}:syndicate:${plan.id}`;
    const entries = [];
    let fromInitiator = 0n;
    for (const h of holders) {
      if (h.memberId === plan.initiatorId) continue;
      const delta = (split.parts.get(h.memberId) ?? 0n) - h.payout;
      if (delta === 0n) continue;
      fromInitiator += delta;
      entries.push({
        memberId: h.memberId,
        wallet,
        amount: delta,
        type: 'syndicate_payout' as const,
        reference,
        idempotencyKey: `${key}:payout:${h.memberId}`,
        remark: `${correctionId === null ? '合买派奖' : '合买派奖更正'} ${plan.planNo} ${h.shares}份`,
      });
    }
    if (fromInitiator !== 0n)
      entries.unshift({
        memberId: plan.initiatorId,
        wallet,
        amount: -fromInitiator,
        type: 'syndicate_payout' as const,
        reference,
        idempotencyKey: `${key}:payout:initiator`,
        remark: `${correctionId === null ? '合买派奖' : '合买派奖更正'} ${plan.planNo}：分给其他认购人`,
      });
    await this.deps.ledger.postMany(work, entries);
    await repo.saveSplit(
      work.tx,
      plan.id,
      { status: s.status, payout: s.payout, commission: split.commissionFen, at: now },
      split.parts,
    );
    if (correctionId === null && s.status === 'won')
      await this.deps.messages.sendMany(
        work,
        holders
          .filter((h) => h.memberId !== plan.initiatorId && (split.parts.get(h.memberId) ?? 0n) > 0n)
          .map((h) => ({
            memberId: h.memberId,
            type: 'betting' as const,
            title: '合买方案中奖',
            content: `合买方案 ${plan.planNo} 已中奖，您认购 ${h.shares} 份分得 ${formatYuan(split.parts.get(h.memberId)!)} 元，已到账${wallet === 'lottery' ? '彩票钱包' : '主钱包'}。`,
            dedupeKey: `syndicate:${plan.id}:won:${h.memberId}`,
          })),
      );
  }

  /**
   * Lottery settlement decided these bets (in its batch's transaction, after its credits): each
   * lottery plan among them whose bets are now all decided splits what they paid, once. Plans are
   * held in id order, so two batches with bets of one plan take turns and the later sees the
   * earlier's bets decided.
   */
  async afterLotteryBets(work: Work, betIds: readonly number[], now: Date): Promise<void> {
    for (const id of await repo.plansOfLotteryBets(work.tx, betIds)) {
      const plan = await repo.lockPlan(work.tx, id);
      if (!plan || plan.status !== 'placed') continue;
      const bets = await repo.lotteryPlanOutcome(work.tx, id);
      if (bets.pending > 0) continue;
      const status = bets.allRefunded ? 'refunded' : bets.payout > 0n ? 'won' : 'lost';
      await this.split(work, plan, { status, payout: bets.payout }, null, now);
    }
  }

  // ---- console ----------------------------------------------------------------------------------

  async adminList(q: {
    page: number;
    per_page: number;
    username?: string | undefined;
    status?: repo.PlanStatus | undefined;
  }) {
    const { rows, total } = await repo.adminPlans(this.reads, q, {
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    return pageOf(rows.map(adminItem), total, q);
  }

  /** A forced 流产 with its reason (audited): only an open plan, every share returned. */
  async forceFail(id: number, reason: string, call: OperatorCall) {
    await inTransaction(this.db, async (work) => {
      const plan = await repo.lockPlan(work.tx, id);
      if (!plan) throw refuse('syndicates.not_found');
      if (plan.status !== 'open')
        throw refuse('syndicates.not_failable', { status: SYNDICATE_STATUSES[plan.status] });
      await this.failLocked(work, plan, `平台撤销：${reason}`, call.operatorId);
      await this.deps.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'syndicate.fail',
        targetType: 'syndicate',
        targetId: id,
        reason,
        detail: {
          before: { status: SYNDICATE_STATUSES.open, sold: `${plan.soldShares}/${plan.shares}` },
          after: { status: SYNDICATE_STATUSES.failed },
        },
        ip: call.ip,
      });
    });
    return adminItem(await this.adminOne(id));
  }

  private async adminOne(id: number): Promise<repo.AdminPlanRow> {
    const plan = await repo.planById(this.db, id);
    if (!plan) throw refuse('syndicates.not_found');
    const names = await repo.usernames(this.db, [plan.initiatorId]);
    const holders = await repo.holdersOf(this.db, id);
    return { ...plan, username: names.get(plan.initiatorId) ?? '', participants: holders.length };
  }

  /** Commission earned by initiators on plans settled between two Beijing dates (inclusive). */
  async commissions(q: { from: string; to: string }) {
    const from = new Date(`${q.from}T00:00:00+08:00`);
    const to = new Date(new Date(`${q.to}T00:00:00+08:00`).getTime() + DAY_MS);
    const rows = await repo.commissionsBetween(this.reads, from, to);
    let total = 0n;
    for (const r of rows) total += r.commission;
    return {
      from: q.from,
      to: q.to,
      total: formatFen(total),
      list: rows.map((r) => ({
        member_id: r.memberId,
        username: r.username,
        plans_won: r.plansWon,
        payout: formatFen(r.payout),
        commission: formatFen(r.commission),
      })),
    };
  }

  // ---- money ------------------------------------------------------------------------------------

  private async freeze(
    work: Work,
    memberId: number,
    amount: bigint,
    key: string,
    planNo: string,
    what: string,
  ) {
    const moved = await this.deps.ledger.move(work, {
      memberId,
      from: 'main',
      to: 'frozen',
      amount,
      type: 'syndicate_freeze',
      reference: { type: 'syndicate', id: planNo },
      idempotencyKey: key,
      remark: `合买${what}冻结 ${planNo}`,
    });
    return moved.debit.balanceAfter;
  }

  private async unfreeze(
    work: Work,
    memberId: number,
    amount: bigint,
    key: string,
    planNo: string,
    what: string,
  ) {
    await this.deps.ledger.move(work, {
      memberId,
      from: 'frozen',
      to: 'main',
      amount,
      type: 'syndicate_unfreeze',
      reference: { type: 'syndicate', id: planNo },
      idempotencyKey: key,
      remark: `合买${what} ${planNo}`,
    });
  }
}

function adminItem(r: repo.AdminPlanRow) {
  return {
    id: r.id,
    plan_no: r.planNo,
    username: r.username,
    member_id: r.initiatorId,
    pass_type:
      r.game === 'lottery'
        ? `${lotteryName(r.sport)} 第${(r.slip as SyndicateLotterySlip).expect}期`
        : r.passType === 'single'
          ? '单关'
          : passTypeName(r.passType),
    total_amount: formatFen(r.totalAmount),
    shares: r.shares,
    sold_shares: r.soldShares,
    guarantee_shares: r.guaranteeShares,
    participants: r.participants,
    commission_bp: r.commissionBp,
    visibility: SYNDICATE_VISIBILITY[r.visibility],
    status: r.status,
    order_no: r.orderNo,
    payout: formatFen(r.payout),
    commission: formatFen(r.commission),
    fail_reason: r.failReason,
    deadline_at: r.deadlineAt.toISOString(),
    created_at: r.createdAt.toISOString(),
  };
}
