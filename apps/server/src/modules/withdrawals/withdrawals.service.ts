import {
  formatFen,
  formatRate,
  formatYuan,
  maskAccount,
  parseRate,
  usdtFromFen,
  VIP_LEVELS,
  WITHDRAW_STATUSES,
  withdrawFee,
  type WithdrawStatus,
  type WithdrawView,
} from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import { isRefusal, PG_UNIQUE_VIOLATION, pgErrorCode, refuse } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { insertUnderFreshNumber, newOrderNo, startOfChinaDay } from '../../lib/order-no.ts';
import { findMemberById } from '../accounts/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import { lockWallet } from '../ledger/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ChainPaymentVerdict, FinanceSettingsService, UsdtChain } from '../payments/index.ts';
import type { ControlChanges, SoloAllowance } from '../dual-control/index.ts';
import { walletNameOf } from './wallets.service.ts';
import * as repo from './withdrawals.repo.ts';
import type { WithdrawalRow } from './withdrawals.table.ts';
import { pageOf } from '../../lib/paging.ts';
import type { Clock } from '../../lib/clock.ts';
import { addWithdrawn } from '../accounts/index.ts';

export interface MemberCallContext {
  memberId: number;
  idempotencyKey: string | undefined;
  route: string;
  ip?: string;
}

/** An operator's decision; 出款 of a USDT-TRC20 withdrawal read on chain carries the transaction id. */
export interface PayAction {
  operatorId: number;
  ip: string;
  reason: string;
  /** 64 hex, lower case (the route's schema normalises it). */
  txId?: string | undefined;
}

/** Payments checked on chain per pass. */
const CHAIN_CHECK_BATCH = 200;

/** What the operator reads beside a transaction id the chain check did not accept (or waits on). */
const CHAIN_NOTES: Record<ChainPaymentVerdict, string> = {
  paid: '链上已确认',
  unconfirmed: '已上链，等待确认',
  'not-found': '尚未在链上找到该交易，继续等待',
  failed: '交易在链上执行失败，未转出任何代币',
  'wrong-token': '交易未转出所配置合约的 USDT',
  'wrong-destination': '收款地址与该提现的地址不符',
  'wrong-amount': '转账金额与该提现应付的 USDT 数量不符',
};

export function toWithdrawView(row: WithdrawalRow): WithdrawView {
  return {
    id: row.id,
    order_no: row.orderNo,
    amount: formatFen(row.amount),
    fee: formatFen(row.fee),
    actual_amount: formatFen(row.amount - row.fee),
    usdt_amount: row.usdtCents === null ? null : formatFen(row.usdtCents),
    rate: row.rateUnits === null ? null : formatRate(row.rateUnits),
    wallet_type: row.walletType,
    wallet_name: row.walletName,
    account_masked: maskAccount(row.account),
    status: row.status,
    status_text: WITHDRAW_STATUSES[row.status],
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

const dailyCountOf = (vipLevel: number) =>
  (VIP_LEVELS.find((l) => l.level === vipLevel) ?? VIP_LEVELS[0]!).dailyWithdrawCount;

/**
 * Withdrawals (SPEC.md §7 "Withdraws"): a request freezes the amount (main → frozen); the
 * operator pays it out (frozen → out, `withdraw_paid`) or rejects it, and the member may cancel
 * while it is pending (frozen → main). Each step is decided once under the row lock.
 */
export class WithdrawalsService {
  constructor(
    private readonly db: Db,
    /** The older withdrawal queue as listed (Core.reads); reviewing, paying and refusing read the primary. */
    private readonly reads: Db,
    private readonly config: AppConfig,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly accounts: AccountsService,
    private readonly messages: MessagesService,
    private readonly operators: OperatorsService,
    private readonly events: EventBus,
    private readonly clock: Clock,
    /** Limits, fees and the USDT rate in force (runtime settings over the env). */
    private readonly financeSettings: FinanceSettingsService,
    /** Dual control: a payment beyond one operator's allowance needs a second operator. */
    private readonly solo: SoloAllowance,
    private readonly changes: ControlChanges,
    /**
     * USDT_DEPOSITS=trongrid: a USDT-TRC20 withdrawal is paid with a transaction id the chain
     * must confirm (docs/decisions/039); null keeps 出款 as one step.
     */
    private readonly chain: UsdtChain | null = null,
    private readonly chainOptions: { notFoundMs: number } = { notFoundMs: 3_600_000 },
  ) {
    if (!parseRate(config.finance.usdtWithdrawRate))
      throw new Error('USDT_WITHDRAW_RATE must be a positive decimal');
    changes.register<{ withdrawalId: number; txId?: string }>({
      kind: 'withdrawal.pay',
      permission: 'finance.orders',
      apply: async (work, p, ctx) => {
        const row = await this.lockPending(work, p.withdrawalId, true, ['pending', 'approved']);
        const txId = await this.payTxId(work, row, p.txId);
        await this.payIn(work, row, { ...ctx.checker, reason: ctx.reason }, ctx, txId);
      },
    });
  }

  async settings(memberId: number) {
    const { withdraw: rules, usdtWithdrawRate } = await this.financeSettings.rules();
    const member = await this.member(memberId);
    const daily = dailyCountOf(member.vipLevel);
    const used = await repo.countToday(this.db, memberId, startOfChinaDay(this.clock.now()));
    return {
      min_amount: formatFen(rules.min),
      max_amount: formatFen(rules.max),
      fee_rate_bp: rules.feeBp,
      fee_min: formatFen(rules.feeMin),
      fee_max: formatFen(rules.feeMax),
      daily_count: daily,
      used_today: used,
      remaining_today: Math.max(0, daily - used),
      usdt_rate: formatRate(usdtWithdrawRate),
    };
  }

  async usdtRate() {
    const rules = await this.financeSettings.rules();
    return {
      rate: formatRate(rules.usdtWithdrawRate),
      updated_at: (rules.updatedAt ?? this.clock.now()).toISOString(),
    };
  }

  async balance(memberId: number) {
    const [balances, member] = await Promise.all([this.ledger.balances(memberId), this.member(memberId)]);
    const main = balances.get('main') ?? 0n;
    return {
      balance: formatFen(main),
      withdrawable: formatFen(member.codingvolume > 0n ? 0n : main),
      frozen: formatFen(balances.get('frozen') ?? 0n),
      turnover_required: formatFen(member.codingvolume),
    };
  }

  /** Requests a withdrawal to a saved wallet: checks password, flags, turnover and limits, then freezes. */
  async create(
    input: { wallet_id: number; amount: bigint; payment_password: string },
    ctx: MemberCallContext,
  ) {
    const { amount } = input;
    const { withdraw: rules, usdtWithdrawRate: withdrawRate } = await this.financeSettings.rules();
    if (amount < rules.min) throw refuse('withdrawals.under_min', { min: formatFen(rules.min) });
    if (amount > rules.max) throw refuse('withdrawals.over_max', { max: formatFen(rules.max) });
    const fee = withdrawFee(amount, {
      rateBp: rules.feeBp,
      min: rules.feeMin,
      max: rules.feeMax,
    });
    if (fee >= amount) throw refuse('withdrawals.fee_exceeds_amount');
    await this.checkPaymentPassword(ctx, input.payment_password);

    const { data } = await this.idempotency.run(
      {
        memberId: ctx.memberId,
        key: ctx.idempotencyKey,
        route: ctx.route,
        request: { wallet_id: input.wallet_id, amount },
      },
      async (work) => {
        // The main wallet's row lock serialises this member's withdrawals (and their daily count).
        await lockWallet(work.tx, ctx.memberId, 'main');
        const member = await repo.memberForWithdrawal(work.tx, ctx.memberId);
        if (!member) throw refuse('accounts.member_not_found');
        // SPEC.md §3 flags: disable_withdraw and blacklisted (is_black) members cannot request a withdrawal.
        if (member.disableWithdraw === 1 || member.isBlack === 1) throw refuse('withdrawals.restricted');
        const wallet = await repo.findOwnWallet(work.tx, ctx.memberId, input.wallet_id);
        if (!wallet) throw refuse('withdrawals.account_not_found');
        if (wallet.enabled !== 1) throw refuse('withdrawals.account_disabled');
        if (member.codingvolume > 0n)
          throw refuse(
            'withdrawals.turnover_required',
            { amount: formatFen(member.codingvolume) },
            { turnover_required: formatFen(member.codingvolume) },
          );
        const daily = dailyCountOf(member.vipLevel);
        const now = this.clock.now();
        if ((await repo.countToday(work.tx, ctx.memberId, startOfChinaDay(now))) >= daily)
          throw refuse('withdrawals.daily_count_used', { daily });
        const usdt = wallet.type !== 'bank';
        const row = await insertUnderFreshNumber(
          () => newOrderNo('W', now),
          (orderNo) =>
            repo.insertWithdrawal(work.tx, {
              orderNo,
              createdAt: now,
              memberId: ctx.memberId,
              walletId: wallet.id,
              walletType: wallet.type,
              walletName: walletNameOf(wallet),
              holderName: wallet.holderName,
              account: wallet.account,
              amount,
              fee,
              usdtCents: usdt ? usdtFromFen(amount - fee, withdrawRate) : null,
              rateUnits: usdt ? withdrawRate : null,
            }),
        );
        try {
          await this.ledger.move(work, {
            memberId: ctx.memberId,
            from: 'main',
            to: 'frozen',
            amount,
            type: 'withdraw_freeze',
            reference: { type: 'withdrawal', id: row.id },
            idempotencyKey: `withdraw:${row.id}:freeze`,
            remark: `提现冻结 ${row.orderNo}`,
          });
        } catch (err) {
          if (isRefusal(err, 'ledger.insufficient_balance')) throw refuse('withdrawals.insufficient_balance');
          throw err;
        }
        return toWithdrawView(row);
      },
    );
    return data;
  }

  /** The member takes back a pending request: the amount returns to the main wallet. */
  async cancel(memberId: number, id: number, ctx: MemberCallContext) {
    await this.own(memberId, id);
    const { data } = await this.idempotency.run(
      { memberId, key: ctx.idempotencyKey, route: ctx.route, request: { id } },
      async (work) => {
        const row = await this.lockPending(work, id);
        await this.unfreeze(work, row, '提现取消退回');
        return toWithdrawView(
          await repo.updateWithdrawal(work.tx, id, {
            status: 'cancelled',
            reason: '会员取消',
            decidedAt: this.clock.now(),
          }),
        );
      },
    );
    return data;
  }

  async list(
    memberId: number,
    query: { page: number; per_page: number; status?: WithdrawStatus | undefined },
  ) {
    const { rows, total } = await repo.pageWithdrawals(
      this.db,
      { memberId, status: query.status },
      query.page,
      query.per_page,
    );
    return pageOf(
      rows.map((r) => toWithdrawView(r.withdrawal)),
      total,
      query,
    );
  }

  async detail(memberId: number, id: number) {
    return toWithdrawView(await this.own(memberId, id));
  }

  async statistics(memberId: number) {
    const s = await repo.withdrawStatistics(this.db, memberId);
    return {
      total_amount: formatFen(s.paid),
      total_count: s.paidCount,
      pending_amount: formatFen(s.pending),
      pending_count: s.pendingCount,
    };
  }

  // ---- operator side ------------------------------------------------------------------------

  async adminList(query: { page: number; per_page: number; status: WithdrawStatus }) {
    const { rows, total } = await repo.pageWithdrawals(
      this.reads,
      { status: query.status },
      query.page,
      query.per_page,
    );
    return pageOf(
      rows.map((r) => ({
        ...toWithdrawView(r.withdrawal),
        member_id: r.withdrawal.memberId,
        username: r.username,
        holder_name: r.withdrawal.holderName,
        account: r.withdrawal.account,
      })),
      total,
      query,
    );
  }

  /** Review passed (approve → pay → paid): nothing moves yet; the member can no longer cancel. */
  async review(id: number, action: { operatorId: number; ip: string; reason: string }) {
    return inTransaction(this.db, async (work) => {
      const row = await this.lockPending(work, id, true);
      const approved = await repo.updateWithdrawal(work.tx, id, {
        status: 'approved',
        reason: action.reason || null,
        operatorId: action.operatorId,
      });
      await this.operators.audit(work, {
        operatorId: action.operatorId,
        action: 'withdrawal.review',
        targetType: 'withdrawal',
        targetId: id,
        memberId: row.memberId,
        reason: action.reason,
        detail: {
          before: { status: row.status },
          after: { status: 'approved' },
          amount: formatFen(row.amount),
        },
        ip: action.ip,
      });
      work.afterCommit(() =>
        this.events.emit('member.changed', {
          memberId: row.memberId,
          changedFields: ['withdrawal'],
          changeType: 'withdraw_review',
          at: this.clock.now(),
        }),
      );
      return toWithdrawView(approved);
    });
  }

  /**
   * Paid out by the operator (from review or, in one step, from pending): the frozen amount leaves
   * the books. Two operators take part when another reviewed it; alone, the payer's solo allowance
   * must hold (dual-control), else the payment waits for a second operator.
   */
  async approve(id: number, action: PayAction) {
    try {
      return await this.approveIn(id, action);
    } catch (err) {
      // The same transaction id entered for another withdrawal at the same moment (unique).
      if (pgErrorCode(err) !== PG_UNIQUE_VIOLATION || !action.txId) throw err;
      const other = await repo.findByTxId(this.db, action.txId);
      if (!other) throw err;
      throw refuse('withdrawals.tx_id_used', { order_no: other.orderNo });
    }
  }

  private async approveIn(id: number, action: PayAction) {
    return inTransaction(this.db, async (work) => {
      const row = await this.lockPending(work, id, true, ['pending', 'approved']);
      const txId = await this.payTxId(work, row, action.txId);
      const reviewedByAnother =
        row.status === 'approved' && row.operatorId !== null && row.operatorId !== action.operatorId;
      // A payment entered again after the chain refused its transaction id counts once.
      const counted =
        txId !== null &&
        (await this.solo.countedFor(work, `withdrawal:${row.id}`, row.memberId)) === action.operatorId;
      if (!reviewedByAnother && !counted) {
        const solo = await this.solo.tryAlone(work, [
          {
            operatorId: action.operatorId,
            memberId: row.memberId,
            amount: row.amount,
            kind: 'withdrawal_pay',
            reference: `withdrawal:${row.id}`,
          },
        ]);
        if (!solo.alone) {
          const pending = await this.changes.propose(
            work,
            {
              kind: 'withdrawal.pay',
              targetType: 'withdrawal',
              targetId: row.id,
              summary: `提现出款 ${row.orderNo}（${row.memberId}号会员）：${formatYuan(row.amount)} 元，超出单人审批额度`,
              payload: { withdrawalId: row.id, ...(txId ? { txId } : {}) },
              before: { status: row.status, amount: formatFen(row.amount) },
              after: txId ? { status: 'chain_confirming', tx_id: txId } : { status: 'paid' },
              reason: action.reason,
            },
            action,
          );
          return { ...toWithdrawView(row), pending_change: pending };
        }
      }
      return toWithdrawView(await this.payIn(work, row, action, null, txId));
    });
  }

  /** Whether 出款 of this withdrawal takes a transaction id the chain must confirm. */
  private needsTxId(row: WithdrawalRow): boolean {
    return this.chain !== null && row.walletType === 'usdt_trc20' && row.usdtCents !== null;
  }

  /** The transaction id 出款 carries (checked: given when needed, not paying another withdrawal). */
  private async payTxId(work: Work, row: WithdrawalRow, txId: string | undefined): Promise<string | null> {
    if (!this.needsTxId(row)) return null;
    if (!txId) throw refuse('withdrawals.tx_id_required');
    const other = await repo.findByTxId(work.tx, txId);
    if (other && other.id !== row.id) throw refuse('withdrawals.tx_id_used', { order_no: other.orderNo });
    return txId;
  }

  /**
   * 出款 decided (alone within the allowance, by two operators, or through 复核). With a
   * transaction id the withdrawal waits for the chain (chain_confirming, still frozen; nothing
   * moves until `checkChainPayments` sees it confirmed); without, it is paid now.
   */
  private async payIn(
    work: Work,
    row: WithdrawalRow,
    action: { operatorId: number; ip: string; reason: string },
    approval: { changeId: number; makerId: number } | null,
    txId: string | null = null,
  ): Promise<WithdrawalRow> {
    if (txId === null) return this.settlePaid(work, row, action, approval);
    const submitted = await repo.updateWithdrawal(work.tx, row.id, {
      status: 'chain_confirming',
      txId,
      txSubmittedAt: this.clock.now(),
      chainNote: null,
      reason: action.reason || null,
      operatorId: action.operatorId,
    });
    await this.operators.audit(work, {
      operatorId: action.operatorId,
      action: 'withdrawal.pay',
      targetType: 'withdrawal',
      targetId: row.id,
      memberId: row.memberId,
      reason: action.reason,
      detail: {
        before: { status: row.status },
        after: { status: 'chain_confirming' },
        tx_id: txId,
        amount: formatFen(row.amount),
        usdt_amount: formatFen(row.usdtCents ?? 0n),
        ...(row.status === 'approved' && row.operatorId !== null ? { reviewed_by: row.operatorId } : {}),
        ...(approval ? { approved_change: approval.changeId, proposed_by: approval.makerId } : {}),
      },
      ip: action.ip,
    });
    work.afterCommit(() =>
      this.events.emit('member.changed', {
        memberId: row.memberId,
        changedFields: ['withdrawal'],
        changeType: 'withdraw_review',
        at: this.clock.now(),
      }),
    );
    return submitted;
  }

  /**
   * One pass over the USDT payments waiting for the chain (the leader's usdt-withdrawal-check):
   * a confirmed Transfer of exactly the withdrawal's USDT to its address pays it (the frozen
   * amount leaves the books, the member is told); a mismatch, or a transaction still not found
   * after the time limit, returns it to 待出款 with the reason for the operator; TronGrid not
   * answering leaves it for the next pass.
   */
  async checkChainPayments() {
    const tally = { checked: 0, paid: 0, waiting: 0, refused: 0, unanswered: 0 };
    const chain = this.chain;
    if (!chain) return tally;
    const unit = 10n ** BigInt(Math.max(0, chain.decimals - 2));
    for (const row of await repo.chainConfirming(this.db, CHAIN_CHECK_BATCH)) {
      tally.checked += 1;
      let check: { verdict: ChainPaymentVerdict; detail: string };
      try {
        check = await chain.checkPayment(row.txId!, { to: row.account, amount: row.usdtCents! * unit });
      } catch {
        tally.unanswered += 1;
        continue;
      }
      const now = this.clock.now();
      const waited = now.getTime() - (row.txSubmittedAt ?? now).getTime();
      const overdue = check.verdict === 'not-found' && waited >= this.chainOptions.notFoundMs;
      const outcome =
        check.verdict === 'paid'
          ? 'paid'
          : check.verdict === 'unconfirmed' || (check.verdict === 'not-found' && !overdue)
            ? 'waiting'
            : 'refused';
      const note = overdue
        ? `超过 ${Math.round(this.chainOptions.notFoundMs / 60_000)} 分钟仍未在链上找到该交易（${check.detail}）`
        : `${CHAIN_NOTES[check.verdict]}（${check.detail}）`;
      const applied = await inTransaction(this.db, async (work) => {
        const locked = await repo.lockWithdrawal(work.tx, row.id);
        // Decided meanwhile (another pass, another process): nothing to do.
        if (!locked || locked.status !== 'chain_confirming' || locked.txId !== row.txId) return false;
        const by = { operatorId: locked.operatorId!, ip: '', reason: locked.reason ?? '' };
        if (outcome === 'paid') {
          await this.settlePaid(work, locked, by, null, note);
        } else if (outcome === 'waiting') {
          await repo.updateWithdrawal(work.tx, locked.id, { chainNote: note });
        } else {
          await repo.updateWithdrawal(work.tx, locked.id, {
            status: 'approved',
            txId: null,
            txSubmittedAt: null,
            chainNote: `链上核对未通过：${note}`,
          });
          await this.operators.audit(work, {
            operatorId: by.operatorId,
            action: 'withdrawal.chain_refused',
            targetType: 'withdrawal',
            targetId: locked.id,
            memberId: locked.memberId,
            reason: CHAIN_NOTES[check.verdict],
            detail: {
              before: { status: 'chain_confirming' },
              after: { status: 'approved' },
              tx_id: locked.txId,
              verdict: overdue ? 'not-found-overdue' : check.verdict,
              chain: check.detail,
            },
          });
        }
        return true;
      });
      if (applied) tally[outcome] += 1;
    }
    return tally;
  }

  /** Paid: the frozen amount leaves the books (once, by its ledger key) and the member is told. */
  private async settlePaid(
    work: Work,
    row: WithdrawalRow,
    action: { operatorId: number; ip: string; reason: string },
    approval: { changeId: number; makerId: number } | null,
    chainNote: string | null = null,
  ): Promise<WithdrawalRow> {
    await this.ledger.post(work, {
      memberId: row.memberId,
      wallet: 'frozen',
      amount: -row.amount,
      type: 'withdraw_paid',
      reference: { type: 'withdrawal', id: row.id },
      idempotencyKey: `withdraw:${row.id}:paid`,
      remark: `提现成功 ${row.orderNo}`,
    });
    const now = this.clock.now();
    await addWithdrawn(work.tx, row.memberId, row.amount, now);
    const paid = await repo.updateWithdrawal(work.tx, row.id, {
      status: 'paid',
      reason: action.reason || null,
      operatorId: action.operatorId,
      decidedAt: now,
      ...(chainNote !== null ? { chainNote } : {}),
    });
    await this.operators.audit(work, {
      operatorId: action.operatorId,
      action: row.txId ? 'withdrawal.chain_confirmed' : 'withdrawal.pay',
      targetType: 'withdrawal',
      targetId: row.id,
      memberId: row.memberId,
      reason: action.reason,
      detail: {
        before: { status: row.status },
        after: { status: 'paid' },
        amount: formatFen(row.amount),
        fee: formatFen(row.fee),
        ...(row.status === 'approved' && row.operatorId !== null ? { reviewed_by: row.operatorId } : {}),
        ...(approval ? { approved_change: approval.changeId, proposed_by: approval.makerId } : {}),
        ...(row.txId ? { tx_id: row.txId, chain: chainNote } : {}),
      },
      ...(action.ip ? { ip: action.ip } : {}),
    });
    await this.messages.send(work, {
      memberId: row.memberId,
      type: 'finance',
      title: '提现成功',
      content: `您的提现 ${formatYuan(row.amount)} 元（手续费 ${formatYuan(row.fee)} 元，到账 ${formatYuan(row.amount - row.fee)} 元）已汇出至 ${row.walletName} ${maskAccount(row.account)}。`,
      link: '/financePages/withdrawal?tab=records',
      dedupeKey: `withdrawal-paid:${row.id}`,
    });
    work.afterCommit(() =>
      this.events.emit('member.changed', {
        memberId: row.memberId,
        changedFields: ['total_withdraw'],
        changeType: 'withdraw',
        at: this.clock.now(),
      }),
    );
    return paid;
  }

  /** Refused by the operator: the amount returns to the member with the reason. */
  async reject(id: number, action: { operatorId: number; ip: string; reason: string }) {
    return inTransaction(this.db, async (work) => {
      const row = await this.lockPending(work, id, true, ['pending', 'approved']);
      await this.changes.closeFor(work, 'withdrawal', id, `提现已驳回：${action.reason}`, action);
      await this.unfreeze(work, row, '提现驳回退回');
      const rejected = await repo.updateWithdrawal(work.tx, id, {
        status: 'rejected',
        reason: action.reason,
        operatorId: action.operatorId,
        decidedAt: this.clock.now(),
      });
      await this.operators.audit(work, {
        operatorId: action.operatorId,
        action: 'withdrawal.reject',
        targetType: 'withdrawal',
        targetId: id,
        memberId: row.memberId,
        reason: action.reason,
        detail: {
          before: { status: row.status },
          after: { status: 'rejected' },
          amount: formatFen(row.amount),
        },
        ip: action.ip,
      });
      await this.messages.send(work, {
        memberId: row.memberId,
        type: 'finance',
        title: '提现被驳回',
        content: `您的提现 ${formatYuan(row.amount)} 元未通过审核，金额已退回账户。原因：${action.reason}`,
        link: '/financePages/withdrawal?tab=records',
        dedupeKey: `withdrawal-rejected:${row.id}`,
      });
      return toWithdrawView(rejected);
    });
  }

  // ---- helpers ----

  /** Verifies the payment password under the member's failure limit, recording each wrong one. */
  private checkPaymentPassword(ctx: MemberCallContext, password: string): Promise<void> {
    return this.accounts.verifyPaymentPassword(ctx.memberId, password, () =>
      repo.recordPasswordFailure(this.db, ctx.memberId, ctx.ip, this.clock.now()),
    );
  }

  private async member(memberId: number) {
    const member = await findMemberById(this.db, memberId);
    if (!member) throw refuse('accounts.member_not_found');
    return member;
  }

  private async own(memberId: number, id: number): Promise<WithdrawalRow> {
    const row = await repo.findOwnWithdrawal(this.db, memberId, id);
    if (!row) throw refuse('withdrawals.not_found');
    return row;
  }

  private async lockPending(
    work: Work,
    id: number,
    byOperator = false,
    allowed: WithdrawStatus[] = ['pending'],
  ): Promise<WithdrawalRow> {
    const row = await repo.lockWithdrawal(work.tx, id);
    if (!row) throw refuse('withdrawals.not_found');
    if (!allowed.includes(row.status))
      throw byOperator
        ? refuse('withdrawals.decided', { status: WITHDRAW_STATUSES[row.status] }, { status: row.status })
        : refuse('withdrawals.cancel_not_reviewing', undefined, { status: row.status });
    return row;
  }

  private async unfreeze(work: Work, row: WithdrawalRow, remark: string): Promise<void> {
    await this.ledger.move(work, {
      memberId: row.memberId,
      from: 'frozen',
      to: 'main',
      amount: row.amount,
      type: 'withdraw_unfreeze',
      reference: { type: 'withdrawal', id: row.id },
      idempotencyKey: `withdraw:${row.id}:unfreeze`,
      remark: `${remark} ${row.orderNo}`,
    });
  }
}
