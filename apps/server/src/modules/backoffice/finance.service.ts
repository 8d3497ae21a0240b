import {
  formatFen,
  formatRate,
  PAYMENT_METHODS,
  PAYMENT_ORDER_STATUSES,
  WITHDRAW_STATUSES,
  USER_WALLET_TYPES,
  maskAccount,
  type UserWalletType,
  type PaymentMethodCode,
  type PaymentOrderStatus,
  type WithdrawStatus,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { pageOf } from '../../lib/paging.ts';
import * as repo from './finance.repo.ts';
import { optText } from './rows.ts';

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const money = (v: unknown) => formatFen(BigInt(v as string));
const opt = optText;

/** The deposit and withdrawal queues as the console shows them (decisions stay with their modules). */
export class FinanceQueuesService {
  constructor(private readonly db: Db) {}

  async deposits(q: repo.QueueFilter) {
    const { rows, total } = await repo.pageDeposits(this.db, q);
    return pageOf(
      rows.map((r) => ({
        id: Number(r.id),
        order_no: String(r.order_no as string),
        member_id: Number(r.member_id),
        username: String(r.username as string),
        method: String(r.method as string),
        method_name: PAYMENT_METHODS[r.method as PaymentMethodCode]?.name ?? String(r.method as string),
        amount: money(r.amount),
        usdt_amount: r.usdt_cents === null ? null : money(r.usdt_cents),
        rate: r.rate_units === null ? null : formatRate(BigInt(r.rate_units as string)),
        tx_hash: opt(r.tx_hash),
        declared_usdt_amount: r.declared_usdt_cents === null ? null : money(r.declared_usdt_cents),
        amount_mismatch:
          r.declared_usdt_cents !== null &&
          r.usdt_cents !== null &&
          BigInt(r.declared_usdt_cents as string) !== BigInt(r.usdt_cents as string),
        credited_amount: r.credited_amount === null ? null : money(r.credited_amount),
        pending_change_id: r.pending_change_id === null ? null : Number(r.pending_change_id),
        status: String(r.status as string),
        status_text: PAYMENT_ORDER_STATUSES[r.status as PaymentOrderStatus],
        reason: opt(r.reason),
        operator_name: opt(r.operator_name),
        created_at: iso(r.created_at)!,
        paid_at: iso(r.paid_at),
      })),
      total,
      q,
    );
  }

  async withdrawals(q: repo.QueueFilter) {
    const { rows, total } = await repo.pageWithdrawals(this.db, q);
    return pageOf(
      rows.map((r) => {
        const amount = BigInt(r.amount as string);
        const fee = BigInt(r.fee as string);
        return {
          id: Number(r.id),
          order_no: String(r.order_no),
          member_id: Number(r.member_id),
          username: String(r.username),
          amount: formatFen(amount),
          fee: formatFen(fee),
          actual_amount: formatFen(amount - fee),
          usdt_amount: r.usdt_cents === null ? null : money(r.usdt_cents),
          wallet_type: String(r.wallet_type),
          wallet_name: String(r.wallet_name),
          holder_name: opt(r.holder_name),
          account: String(r.account),
          status: String(r.status),
          status_text: WITHDRAW_STATUSES[r.status as WithdrawStatus],
          reason: opt(r.reason),
          operator_name: opt(r.operator_name),
          pending_change_id: r.pending_change_id === null ? null : Number(r.pending_change_id),
          created_at: iso(r.created_at)!,
          decided_at: iso(r.decided_at),
        };
      }),
      total,
      q,
    );
  }

  /** Bindings refused because another member holds the card or address (risk review). */
  async walletConflicts(q: { page: number; per_page: number; keyword?: string | undefined }) {
    const { rows, total } = await repo.pageWalletConflicts(this.db, q);
    return pageOf(
      rows.map((r) => ({
        id: Number(r.id),
        member_id: Number(r.member_id),
        username: String(r.username),
        owner_id: Number(r.owner_id),
        owner_username: String(r.owner_username),
        type: String(r.type),
        type_name: USER_WALLET_TYPES[r.type as UserWalletType],
        account: maskAccount(String(r.account)),
        created_at: iso(r.created_at)!,
      })),
      total,
      q,
    );
  }
}
