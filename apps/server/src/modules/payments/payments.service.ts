import {
  depositTurnover,
  fenFromUsdt,
  formatFen,
  formatRate,
  formatYuan,
  isTxHash,
  parseRate,
  PAYMENT_METHOD_CODES,
  PAYMENT_METHODS,
  type PaymentMethodCode,
  type PaymentMethodView,
  type PaymentOrderStatus,
  usdtFromFen,
  usdtNetworkOf,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode, refuse } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { insertUnderFreshNumber, newOrderNo, startOfChinaDay } from '../../lib/order-no.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { FinanceRules, FinanceSettingsService } from './finance-settings.service.ts';
import type { GatewayPaymentOpened, GatewayPaymentRequest, PaymentGateway } from './gateway.ts';
import {
  networkOfMethod,
  toPaymentOrderSimple,
  toPaymentOrderView,
  USDT_ORDER_WINDOW_MS,
} from './payments.mapper.ts';
import * as repo from './payments.repo.ts';
import type { PaymentOrderRow } from './payments.table.ts';
import { pageOf } from '../../lib/paging.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDeposit } from '../accounts/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import type { ControlChanges, SoloAllowance } from '../dual-control/index.ts';

export interface MemberCallContext {
  memberId: number;
  idempotencyKey: string | undefined;
  route: string;
  /** The member's address, which a gateway's API order may ask for. */
  ip?: string | undefined;
}

export interface OperatorAction {
  operatorId: number;
  ip: string;
}

/** What became of a gateway notification (stored in payment_callbacks). */
export type CallbackOutcome =
  | 'credited'
  | 'duplicate'
  | 'failed'
  | 'not_pending'
  | 'bad_signature'
  | 'wrong_amount'
  | 'unknown_order'
  | 'unknown_gateway'
  | 'stale'
  | 'wrong_trade_no'
  | 'malformed'
  | 'wrong_merchant';

/** Order queries of one reconciliation batch in flight at once. */
const RECONCILE_IN_FLIGHT = 4;

/** How a gateway told us an order was paid: its notification, or its answer to our query. */
type PaidBy = 'notify' | 'query';

/** A notification's signed timestamp may differ from our clock by this much (replays of old ones are refused). */
export const CALLBACK_CLOCK_SKEW_MS = 5 * 60_000;

const QUICK_AMOUNTS: Record<'gateway' | 'usdt', bigint[]> = {
  gateway: [10_000n, 50_000n, 100_000n, 200_000n, 500_000n, 1_000_000n],
  usdt: [2_000n, 5_000n, 10_000n, 20_000n, 50_000n, 100_000n, 200_000n],
};

/**
 * The quick amounts a method offers: only those inside its limits (USDT ones at the deposit
 * rate), so no chip leads to a refusal; the minimum itself when none fits.
 */
function quickAmounts(kind: 'gateway' | 'usdt', min: bigint, max: bigint, rate: bigint): bigint[] {
  const inFen = (v: bigint) => (kind === 'usdt' ? fenFromUsdt(v, rate) : v);
  const fitting = QUICK_AMOUNTS[kind].filter((v) => inFen(v) >= min && inFen(v) <= max);
  if (fitting.length > 0) return fitting;
  // The smallest whole amount (元 or USDT) at or above the minimum.
  const unit = 100n;
  const smallest =
    kind === 'usdt'
      ? ((usdtFromFen(min, rate) + unit - 1n) / unit) * unit
      : ((min + unit - 1n) / unit) * unit;
  return inFen(smallest) <= max ? [smallest] : [];
}

const isUsdt = (method: PaymentMethodCode): method is 'usdt_trc20' | 'usdt_erc20' =>
  PAYMENT_METHODS[method].kind === 'usdt';

/**
 * Deposits (SPEC.md §7 "Payments"): orders through a payment gateway (hosted page + signed
 * callback) or a USDT transfer confirmed by an operator. Every credit is one ledger entry keyed
 * `deposit:<order id>`, so however often a callback arrives the member is credited once.
 */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    /** The older USDT deposit queue as listed (Core.reads); confirming and rejecting read the primary. */
    private readonly reads: Db,
    private readonly config: AppConfig,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly messages: MessagesService,
    private readonly operators: OperatorsService,
    private readonly events: EventBus,
    private readonly gateway: PaymentGateway,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
    /** Rates, limits, methods and the turnover multiple in force (runtime settings over the env). */
    private readonly settings: FinanceSettingsService,
    /** Time-outs, self-exclusions and the member's own deposit limits. */
    private readonly responsible: Pick<
      ResponsiblePlayService,
      'assertMayPlay' | 'assertNotExcluded' | 'depositOverLimit'
    >,
    /** Dual control: a confirmation beyond one operator's allowance waits for a second one. */
    private readonly solo: SoloAllowance,
    private readonly changes: ControlChanges,
  ) {
    if (!parseRate(config.finance.usdtDepositRate))
      throw new Error('USDT_DEPOSIT_RATE must be a positive decimal');
    changes.register<{ orderId: number; usdtCents: string; credit: string }>({
      kind: 'payment.confirm',
      permission: 'finance.orders',
      apply: async (work, p, ctx) => {
        const order = await this.lockForDecision(work, p.orderId);
        await this.confirmIn(work, order, BigInt(p.credit), { ...ctx.checker, reason: ctx.reason }, ctx);
      },
    });
  }

  async methods(): Promise<{ list: PaymentMethodView[] }> {
    const rules = await this.settings.rules();
    return {
      list: [...PAYMENT_METHOD_CODES]
        .sort((a, b) => rules.methods[a].sort - rules.methods[b].sort)
        .map((code) => {
          const m = PAYMENT_METHODS[code];
          const s = rules.methods[code];
          return {
            code,
            name: m.name,
            kind: m.kind,
            network: isUsdt(code) ? usdtNetworkOf(code) : null,
            min_amount: formatFen(s.min),
            max_amount: formatFen(s.max),
            enabled: s.enabled,
            quick_amounts: quickAmounts(m.kind, s.min, s.max, rules.usdtDepositRate).map(formatFen),
            own_address: code === 'usdt_trc20' && this.config.finance.usdtChain.mode === 'trongrid',
          };
        }),
    };
  }

  async usdtRate() {
    const rules = await this.settings.rules();
    return {
      rate: formatRate(rules.usdtDepositRate),
      updated_at: (rules.updatedAt ?? this.clock.now()).toISOString(),
    };
  }

  systemWalletAddress(network: 'TRC20' | 'ERC20') {
    return { network, address: this.config.finance.usdtAddresses[network] };
  }

  /**
   * Opens a deposit. Gateway methods: `amount` in 元, and the gateway's hosted page to pay on.
   * USDT: `amount` in USDT; the rate is fixed on the order and the 元 credited = USDT × rate,
   * rounded down to the 分.
   */
  async create(input: { method: PaymentMethodCode; amount: bigint }, ctx: MemberCallContext) {
    const rules = await this.settings.rules();
    if (!rules.methods[input.method].enabled) throw refuse('payments.method_closed');
    if (input.amount <= 0n) throw refuse('payments.amount_not_positive');
    const usdt = isUsdt(input.method);
    const depositRate = rules.usdtDepositRate;
    const amount = usdt ? fenFromUsdt(input.amount, depositRate) : input.amount;
    this.checkLimits(rules, input.method, amount);

    const { data } = await this.idempotency.run(
      { memberId: ctx.memberId, key: ctx.idempotencyKey, route: ctx.route, request: input },
      async (work) => {
        const now = this.clock.now();
        // Counted against the member's deposit limits with their other open orders, under the
        // limits' lock, so concurrent orders cannot pass a limit together.
        await this.responsible.assertMayPlay(work, ctx.memberId, now, { kind: 'deposit', amount });
        if (usdt) await this.assertNoOpenUsdtOrder(work, ctx.memberId, now);
        const order = await insertUnderFreshNumber(
          () => newOrderNo('D', now),
          (orderNo) =>
            repo.insertOrder(work.tx, {
              orderNo,
              createdAt: now,
              memberId: ctx.memberId,
              method: input.method,
              amount,
              usdtCents: usdt ? input.amount : null,
              rateUnits: usdt ? depositRate : null,
              gateway: usdt ? null : this.gateway.name,
            }),
        );
        return { id: order.id };
      },
    );
    let order = (await repo.findOwnOrder(this.db, ctx.memberId, data.id))!;
    if (!usdt && !order.payUrl) order = await this.openAtGateway(order, ctx.ip);
    const network = networkOfMethod(order.method);
    return {
      order: toPaymentOrderView(order),
      pay_url: order.payUrl,
      deposit_address: network ? this.config.finance.usdtAddresses[network] : null,
    };
  }

  /** The member's USDT order still waiting for its transfer, which the 充值 page shows again. */
  async openUsdtOrder(memberId: number) {
    const order = await repo.findOpenUsdtOrder(this.db, memberId, this.holdStart(this.clock.now()));
    return { order: order ? toPaymentOrderView(order) : null };
  }

  /** The hosted payment page of a pending gateway order (pages/payment/webview opens it). */
  async paymentInfo(memberId: number, orderId: number, ip?: string) {
    let order = await this.ownOrder(memberId, orderId);
    // An order opened before a time-out or self-exclusion is not paid during it.
    await this.responsible.assertNotExcluded(this.db, memberId, this.clock.now(), 'deposit');
    if (isUsdt(order.method)) throw refuse('payments.usdt_needs_hash');
    if (order.status !== 'pending') throw refuse('payments.order_not_pending');
    if (!order.payUrl) order = await this.openAtGateway(order, ip);
    return {
      order_id: order.id,
      order_no: order.orderNo,
      pay_url: order.payUrl!,
      amount: formatFen(order.amount),
      status: order.status,
    };
  }

  /**
   * The member reports a USDT transfer: its hash and the amount they say they sent. The order's
   * amount was fixed when it was made and never follows the declaration (issue 37); a different
   * amount is flagged for the operator, who credits what arrived on chain only with a second one.
   */
  async submitTransfer(memberId: number, input: { order_id: number; tx_hash: string; amount: bigint }) {
    if (input.amount <= 0n) throw refuse('payments.transfer_not_positive');
    const order = await this.ownOrder(memberId, input.order_id);
    const network = networkOfMethod(order.method);
    if (!network || order.rateUnits === null) throw refuse('payments.not_usdt_order');
    if (!isTxHash(network, input.tx_hash))
      throw refuse(network === 'TRC20' ? 'payments.trc20_hash_invalid' : 'payments.erc20_hash_invalid');
    if (order.status !== 'pending') throw refuse('payments.order_submitted');
    try {
      return await inTransaction(this.db, async (work) => {
        const locked = await repo.lockOrderById(work.tx, order.id);
        if (locked?.status !== 'pending') throw refuse('payments.order_submitted');
        const updated = await repo.updateOrder(
          work.tx,
          order.id,
          {
            status: 'confirming',
            txHash: input.tx_hash.toLowerCase(),
            declaredUsdtCents: input.amount,
          },
          this.clock.now(),
        );
        return toPaymentOrderView(updated);
      });
    } catch (err) {
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw refuse('payments.hash_used');
      throw err;
    }
  }

  async list(
    memberId: number,
    query: { page: number; per_page: number; status?: PaymentOrderStatus | undefined },
  ) {
    const { rows, total } = await repo.pageOrders(
      this.db,
      { memberId, status: query.status },
      query.page,
      query.per_page,
    );
    return pageOf(
      rows.map((r) => toPaymentOrderView(r.order)),
      total,
      query,
    );
  }

  async simple(
    memberId: number,
    query: { page: number; per_page: number; status?: PaymentOrderStatus | undefined },
  ) {
    const { rows, total } = await repo.pageOrders(
      this.db,
      { memberId, status: query.status },
      query.page,
      query.per_page,
    );
    return pageOf(
      rows.map((r) => toPaymentOrderSimple(r.order)),
      total,
      query,
    );
  }

  async detail(memberId: number, id: number) {
    return toPaymentOrderView(await this.ownOrder(memberId, id));
  }

  async statistics(memberId: number) {
    const s = await repo.orderStatistics(this.db, memberId, startOfChinaDay(this.clock.now()));
    return {
      total_amount: formatFen(s.total),
      total_count: s.count,
      pending_count: s.pending,
      today_amount: formatFen(s.today),
    };
  }

  /** Cancels a member's own order while it waits for payment. */
  async cancel(memberId: number, id: number) {
    await this.ownOrder(memberId, id);
    return inTransaction(this.db, async (work) => {
      const order = await repo.lockOrderById(work.tx, id);
      if (order?.status !== 'pending') throw refuse('payments.cancel_not_pending');
      return toPaymentOrderView(
        await repo.updateOrder(work.tx, id, { status: 'cancelled', reason: '会员取消' }, this.clock.now()),
      );
    });
  }

  /**
   * A gateway's server-to-server notification, as its protocol sends it (query or body). The
   * gateway reads it first: signature (constant time), merchant, fields; then its signed
   * timestamp, when the protocol has one, must be within ±5 minutes of our clock. The gateway's
   * trade number is bound to the order when the order is opened (or at the first notification)
   * and must match. Unknown orders, wrong amounts or trade numbers, stale, malformed and badly
   * signed notifications are refused, recorded, and credit nothing. A repeated "paid" for a
   * credited order answers success and moves nothing. The caller acknowledges the gateway only
   * after this returns, so only after the credit has committed.
   */
  async handleNotification(gatewayName: string, params: Readonly<Record<string, string>>, ip: string) {
    const record = (orderNo: string | null, outcome: CallbackOutcome, signatureValid: boolean) =>
      repo.logCallback(this.db, {
        gateway: gatewayName,
        orderNo,
        createdAt: this.clock.now(),
        payload: params,
        signatureValid,
        outcome,
        ip,
      });

    if (gatewayName !== this.gateway.name) {
      await record(params.out_trade_no ?? params.merchant_order_no ?? null, 'unknown_gateway', false);
      throw refuse('payments.gateway_unknown');
    }
    const notice = this.gateway.readNotification(params);
    if (!notice.valid) {
      this.log.warn({ orderNo: notice.orderNo, ip, reason: notice.reason }, 'payment callback refused');
      if (notice.reason === 'bad_signature') {
        await record(notice.orderNo, 'bad_signature', false);
        throw refuse('payments.signature_invalid');
      }
      const malformed = notice.reason === 'malformed';
      await record(notice.orderNo, malformed ? 'malformed' : 'wrong_merchant', !malformed);
      throw refuse(malformed ? 'payments.notification_malformed' : 'payments.merchant_mismatch');
    }
    if (
      notice.sentAt &&
      !(Math.abs(this.clock.now().getTime() - notice.sentAt.getTime()) <= CALLBACK_CLOCK_SKEW_MS)
    ) {
      this.log.warn({ orderNo: notice.orderNo, ip }, 'payment callback outside the time window');
      await record(notice.orderNo, 'stale', true);
      throw refuse('payments.notification_stale');
    }
    const amount = notice.amount ?? -1n;
    // Retries of a credited order (the usual case of repeats) answer without a lock or a transaction,
    // read and logged in one statement.
    const settledAlready = await repo.logIfSettled(this.db, {
      gateway: gatewayName,
      orderNo: notice.orderNo,
      payload: params,
      ip,
      amount,
      tradeNo: notice.tradeNo,
      at: this.clock.now(),
    });
    if (settledAlready) return { outcome: 'duplicate' as const };
    const outcome = await this.settleFromGateway(
      { orderNo: notice.orderNo, tradeNo: notice.tradeNo, amount, status: notice.status },
      'notify',
    );
    await record(notice.orderNo, outcome, true);
    if (outcome === 'unknown_order') {
      this.log.warn({ orderNo: notice.orderNo, ip }, 'payment callback for an unknown order');
      throw refuse('payments.order_not_found');
    }
    if (outcome === 'wrong_amount') {
      this.log.warn(
        { orderNo: notice.orderNo, amount: notice.amount },
        'payment callback with a wrong amount',
      );
      throw refuse('payments.amount_mismatch');
    }
    if (outcome === 'wrong_trade_no') {
      this.log.warn(
        { orderNo: notice.orderNo, tradeNo: notice.tradeNo },
        'payment callback with another trade number',
      );
      throw refuse('payments.trade_no_mismatch');
    }
    return { outcome };
  }

  /**
   * What the gateway says of one order, applied under the order's lock: the amount and trade
   * number must be the order's; paid credits once (even an order the member cancelled: the money
   * arrived), failed closes a pending order.
   */
  private async settleFromGateway(
    said: { orderNo: string; tradeNo: string; amount: bigint; status: 'paid' | 'failed' },
    by: PaidBy,
  ): Promise<CallbackOutcome> {
    return inTransaction(
      this.db,
      async (work): Promise<CallbackOutcome> => {
        const order = await repo.lockOrderByNo(work.tx, said.orderNo);
        if (!order || order.gateway !== this.gateway.name) return 'unknown_order';
        if (said.amount !== order.amount) return 'wrong_amount';
        if (order.tradeNo !== null && order.tradeNo !== said.tradeNo) return 'wrong_trade_no';
        if (order.status === 'paid') return 'duplicate';
        if (said.status === 'failed') {
          if (order.status !== 'pending') return 'not_pending';
          await repo.updateOrder(
            work.tx,
            order.id,
            { status: 'failed', tradeNo: said.tradeNo, reason: '支付未完成' },
            this.clock.now(),
          );
          return 'failed';
        }
        await this.credit(work, order, {
          tradeNo: said.tradeNo,
          ...(by === 'query' ? { remark: '网关查询确认' } : {}),
        });
        return 'credited';
      },
      this.log,
    );
  }

  /**
   * Reconciliation: gateway orders still pending `afterMs` after they were opened (and opened
   * within `withinMs`) are asked for at the gateway; what it says was paid is credited as its
   * notification would have been, so a lost notification never loses a deposit. One order's
   * failure to answer is counted and the rest go on.
   */
  async reconcileOpenOrders(options: { afterMs: number; withinMs: number; everyMs: number; limit: number }) {
    const now = this.clock.now();
    const at = now.getTime();
    const open = await repo.claimOpenGatewayOrders(this.db, {
      gateway: this.gateway.name,
      openedBefore: new Date(at - options.afterMs),
      openedSince: new Date(at - options.withinMs),
      checkedBefore: new Date(at - options.everyMs),
      now,
      limit: options.limit,
    });
    const tally = { asked: 0, credited: 0, unpaid: 0, refused: 0, unanswered: 0 };
    const askOne = async (order: PaymentOrderRow) => {
      tally.asked += 1;
      let state;
      try {
        state = await this.gateway.queryPayment(order.orderNo);
      } catch (err) {
        tally.unanswered += 1;
        this.log.warn({ orderNo: order.orderNo, err }, 'payment query failed');
        return;
      }
      if (state.state === 'unpaid') {
        tally.unpaid += 1;
        return;
      }
      const outcome = await this.settleFromGateway(
        { orderNo: order.orderNo, tradeNo: state.tradeNo, amount: state.amount, status: 'paid' },
        'query',
      );
      await repo.logCallback(this.db, {
        gateway: this.gateway.name,
        orderNo: order.orderNo,
        payload: { source: 'query', trade_no: state.tradeNo, amount: formatFen(state.amount) },
        signatureValid: true,
        outcome,
        ip: null,
        createdAt: this.clock.now(),
      });
      if (outcome === 'credited') tally.credited += 1;
      else if (outcome !== 'duplicate') {
        tally.refused += 1;
        this.log.error({ orderNo: order.orderNo, outcome }, 'the gateway says paid, but not this order');
      }
    };
    // A few questions in flight at once: a slow gateway (each call has its time limit) holds up a
    // batch by a fraction of what one question after another would.
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(RECONCILE_IN_FLIGHT, open.length) }, async () => {
        while (next < open.length) await askOne(open[next++]!);
      }),
    );
    return tally;
  }

  /**
   * A confirmed USDT transfer to a member's own deposit address (USDT_DEPOSITS=trongrid): a paid
   * order of its own, credited once by transaction id (the order's tx_hash is unique) at the rate
   * in force now, in 分 rounded down from whole USDT cents. Credited even during a time-out or past
   * a deposit limit, like every deposit whose money arrived.
   */
  async creditChainTransfer(
    memberId: number,
    transfer: { txId: string; usdtCents: bigint; confirmedAt: Date },
  ): Promise<'credited' | 'duplicate'> {
    if (await repo.findOrderByTxHash(this.db, transfer.txId)) return 'duplicate';
    // The rate in force when its block confirmed, however late the watcher reads it.
    const rate = await this.settings.usdtDepositRateAt(transfer.confirmedAt);
    const amount = fenFromUsdt(transfer.usdtCents, rate);
    try {
      return await inTransaction(
        this.db,
        async (work) => {
          const now = this.clock.now();
          const order = await insertUnderFreshNumber(
            () => newOrderNo('D', now),
            (orderNo) =>
              repo.insertOrder(work.tx, {
                orderNo,
                createdAt: now,
                memberId,
                method: 'usdt_trc20',
                amount,
                usdtCents: transfer.usdtCents,
                rateUnits: rate,
                txHash: transfer.txId,
                gateway: 'trongrid',
              }),
          );
          await this.credit(work, order, { tradeNo: transfer.txId, remark: '链上到账' });
          return 'credited' as const;
        },
        this.log,
      );
    } catch (err) {
      // Credited meanwhile by another run (the transaction id is unique): nothing moved twice.
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) return 'duplicate';
      throw err;
    }
  }

  // ---- operator side ------------------------------------------------------------------------

  async adminList(query: { page: number; per_page: number; status: PaymentOrderStatus }) {
    const { rows, total } = await repo.pageOrders(
      this.reads,
      { status: query.status },
      query.page,
      query.per_page,
    );
    return pageOf(
      rows.map((r) => ({
        ...toPaymentOrderView(r.order),
        member_id: r.order.memberId,
        username: r.username,
      })),
      total,
      query,
    );
  }

  /**
   * The operator saw the USDT transfer on chain: credit it at the order's rate, decided once. The
   * order's own amount, within the operator's solo allowance, is credited at once; beyond it, or
   * when another amount arrived (`usdtCents`, what the operator saw), the credit waits for a
   * second operator (dual-control's `payment.confirm`).
   */
  async confirm(id: number, action: OperatorAction & { reason: string; usdtCents?: bigint | undefined }) {
    return inTransaction(this.db, async (work) => {
      const order = await this.lockForDecision(work, id);
      const ordered = order.usdtCents;
      if (ordered === null || order.rateUnits === null) throw refuse('payments.not_usdt_order');
      if (
        action.usdtCents === undefined &&
        order.declaredUsdtCents !== null &&
        order.declaredUsdtCents !== ordered
      )
        throw refuse('payments.declared_usdt_differs', {
          declared: formatFen(order.declaredUsdtCents),
          ordered: formatFen(ordered),
        });
      const onChain = action.usdtCents ?? ordered;
      if (onChain <= 0n) throw refuse('payments.received_not_positive');
      const credit = onChain === ordered ? order.amount : fenFromUsdt(onChain, order.rateUnits);
      if (onChain === ordered) {
        const solo = await this.solo.tryAlone(work, [
          {
            operatorId: action.operatorId,
            memberId: order.memberId,
            amount: credit,
            kind: 'deposit_confirm',
            reference: `payment_order:${id}`,
          },
        ]);
        if (solo.alone) return toPaymentOrderView(await this.confirmIn(work, order, credit, action, null));
      }
      const pending = await this.changes.propose(
        work,
        {
          kind: 'payment.confirm',
          targetType: 'payment_order',
          targetId: id,
          summary:
            onChain === ordered
              ? `确认USDT充值 ${order.orderNo}（${order.memberId}号会员）：入账 ${formatYuan(credit)} 元，超出单人审批额度`
              : `确认USDT充值 ${order.orderNo}（${order.memberId}号会员）：链上到账 ${formatYuan(onChain)} USDT 与订单 ${formatYuan(ordered)} USDT 不符，按到账入账 ${formatYuan(credit)} 元`,
          payload: { orderId: id, usdtCents: onChain.toString(), credit: credit.toString() },
          before: { status: 'confirming', amount: formatFen(order.amount), usdt_amount: formatFen(ordered) },
          after: { status: 'paid', credited_amount: formatFen(credit), usdt_amount: formatFen(onChain) },
          reason: action.reason,
        },
        action,
      );
      return { ...toPaymentOrderView(order), pending_change: pending };
    });
  }

  /** Credits a confirmed USDT order (one operator within their allowance, or the second operator). */
  private async confirmIn(
    work: Work,
    order: PaymentOrderRow,
    credit: bigint,
    action: OperatorAction & { reason: string },
    approval: { changeId: number; makerId: number } | null,
  ): Promise<PaymentOrderRow> {
    const credited = await this.credit(work, order, { operatorId: action.operatorId, amount: credit });
    await this.operators.audit(work, {
      operatorId: action.operatorId,
      action: 'payment.confirm',
      targetType: 'payment_order',
      targetId: order.id,
      memberId: order.memberId,
      reason: action.reason,
      detail: {
        amount: formatFen(order.amount),
        credited_amount: formatFen(credit),
        usdt_amount: formatFen(order.usdtCents ?? 0n),
        declared_usdt_amount: order.declaredUsdtCents === null ? null : formatFen(order.declaredUsdtCents),
        tx_hash: order.txHash,
        ...(approval ? { approved_change: approval.changeId, proposed_by: approval.makerId } : {}),
      },
      ip: action.ip,
    });
    return credited;
  }

  /** The transfer was not found or does not match: the order is rejected with a reason for the member. */
  async reject(id: number, action: OperatorAction & { reason: string }) {
    return inTransaction(this.db, async (work) => {
      const order = await this.lockForDecision(work, id);
      await this.changes.closeFor(work, 'payment_order', id, `订单已驳回：${action.reason}`, action);
      const rejected = await repo.updateOrder(
        work.tx,
        id,
        {
          status: 'rejected',
          reason: action.reason,
          operatorId: action.operatorId,
        },
        this.clock.now(),
      );
      await this.operators.audit(work, {
        operatorId: action.operatorId,
        action: 'payment.reject',
        targetType: 'payment_order',
        targetId: id,
        memberId: order.memberId,
        reason: action.reason,
        detail: { amount: formatFen(order.amount), tx_hash: order.txHash },
        ip: action.ip,
      });
      await this.messages.send(work, {
        memberId: order.memberId,
        type: 'finance',
        title: '充值未通过',
        content: `您的USDT充值订单 ${order.orderNo} 未通过审核，原因：${action.reason}`,
        link: '/financePages/recharge?tab=records',
        dedupeKey: `payment-rejected:${order.id}`,
      });
      return toPaymentOrderView(rejected);
    });
  }

  // ---- helpers --------------------------------------------------------------------------------

  private checkLimits(rules: FinanceRules, method: PaymentMethodCode, amount: bigint) {
    const { min, max } = rules.methods[method];
    if (amount < min) throw refuse('payments.under_min', { min: formatFen(min) });
    if (amount > max) throw refuse('payments.over_max', { max: formatFen(max) });
  }

  /** USDT orders made after this are still held for their transfer. */
  private holdStart(now: Date): Date {
    return new Date(now.getTime() - USDT_ORDER_WINDOW_MS);
  }

  /**
   * One open USDT order per member: a second one is refused, naming the open one (its id in the
   * refusal's data), rather than answered with it, since it may be for another amount or network
   * than the member now asks for. The same request sent again is answered by its Idempotency-Key.
   * Taken under a per-member lock, so two orders made at once cannot both pass.
   */
  private async assertNoOpenUsdtOrder(work: Work, memberId: number, now: Date): Promise<void> {
    await lockForTransaction(work.tx, 'usdtOrder', memberId);
    const open = await repo.findOpenUsdtOrder(work.tx, memberId, this.holdStart(now));
    if (open)
      throw refuse(
        'payments.usdt_order_open',
        { order_no: open.orderNo, usdt_amount: formatFen(open.usdtCents ?? 0n) },
        { order_id: open.id },
      );
  }

  private async ownOrder(memberId: number, id: number): Promise<PaymentOrderRow> {
    const order = await repo.findOwnOrder(this.db, memberId, id);
    if (!order) throw refuse('payments.order_not_found');
    return order;
  }

  /**
   * Opens the order at the gateway once and binds the page it gave (and its trade number, when
   * it gave one). Concurrent first calls for one order (one Idempotency-Key sent many times) may
   * each ask the gateway, which answers one payment per merchant order number
   * (`PaymentGateway.createPayment`); the first binding stored wins and every caller answers with it.
   */
  private async openAtGateway(order: PaymentOrderRow, ip?: string): Promise<PaymentOrderRow> {
    const base = this.config.publicUrl?.replace(/\/$/, '') ?? '';
    const method = order.method;
    if (method !== 'bank' && method !== 'alipay' && method !== 'wechat')
      throw refuse('payments.usdt_needs_hash');
    const opened = await this.openPayment({
      orderNo: order.orderNo,
      amount: order.amount,
      subject: `充值 ${PAYMENT_METHODS[method].name}`,
      method,
      notifyUrl: `${base}/v1/payment-orders/notify/${this.gateway.name}`,
      returnUrl: `${base}/?scheme=payment-success&order_no=${encodeURIComponent(order.orderNo)}&order_id=${order.id}`,
      clientIp: ip,
    });
    return (
      (await repo.bindPayment(this.db, order.id, opened, this.clock.now())) ??
      (await repo.findOwnOrder(this.db, order.memberId, order.id))!
    );
  }

  /**
   * The gateway's answer, or a refusal the member can act on when it has none (down, slow, or
   * refusing): the order stays pending without a page, and the payment page asks again.
   */
  private async openPayment(request: GatewayPaymentRequest): Promise<GatewayPaymentOpened> {
    try {
      return await this.gateway.createPayment(request);
    } catch (err) {
      this.log.error({ orderNo: request.orderNo, err }, 'the payment gateway did not open a payment');
      throw refuse('payments.gateway_unavailable');
    }
  }

  private async lockForDecision(work: Work, id: number): Promise<PaymentOrderRow> {
    const order = await repo.lockOrderById(work.tx, id);
    if (!order) throw refuse('payments.order_not_found');
    if (order.status !== 'confirming') {
      throw refuse(
        order.status === 'pending' ? 'payments.transfer_not_submitted' : 'payments.order_decided',
        undefined,
        { status: order.status },
      );
    }
    return order;
  }

  /** Credits a deposit once: ledger entry, order paid, paysum and 打码量 up, a message, the pushes. */
  private async credit(
    work: Work,
    order: PaymentOrderRow,
    extra: { tradeNo?: string; operatorId?: number; amount?: bigint; remark?: string },
  ): Promise<PaymentOrderRow> {
    const amount = extra.amount ?? order.amount;
    const entry = await this.ledger.post(work, {
      memberId: order.memberId,
      amount,
      type: 'deposit',
      reference: { type: 'payment_order', id: order.id },
      idempotencyKey: `deposit:${order.id}`,
      remark: `充值到账 ${order.orderNo}${extra.remark ? `（${extra.remark}）` : ''}`,
    });
    if (entry.duplicate) throw refuse('payments.order_credited');
    // The money arrived, so it is credited even past a deposit limit the member lowered after
    // opening the order (or during a time-out); nothing of that limit is left for more deposits.
    const over = await this.responsible.depositOverLimit(work.tx, order.memberId, this.clock.now());
    if (over)
      this.log.warn(
        { orderNo: order.orderNo, memberId: order.memberId, over },
        'deposit credited past a deposit limit the member set',
      );
    const turnover = depositTurnover(amount, (await this.settings.rules(work.tx)).depositTurnoverHundredths);
    const now = this.clock.now();
    await addDeposit(work.tx, order.memberId, amount, turnover, now);
    const paid = await repo.updateOrder(
      work.tx,
      order.id,
      {
        status: 'paid',
        paidAt: now,
        creditedAmount: amount,
        ledgerEntryId: entry.entryId,
        reason: null,
        ...(extra.tradeNo ? { tradeNo: extra.tradeNo } : {}),
        ...(extra.operatorId ? { operatorId: extra.operatorId } : {}),
      },
      now,
    );
    await this.messages.send(work, {
      memberId: order.memberId,
      type: 'finance',
      title: '充值到账',
      content: `您的充值 ${formatYuan(amount)} 元已到账（订单 ${order.orderNo}），当前余额 ${formatYuan(entry.balanceAfter)} 元。`,
      link: '/financePages/recharge?tab=records',
      dedupeKey: `deposit:${order.id}`,
    });
    work.afterCommit(() =>
      this.events.emit('member.changed', {
        memberId: order.memberId,
        changedFields: ['paysum', 'codingvolume'],
        changeType: 'deposit',
        at: now,
      }),
    );
    return paid;
  }
}
