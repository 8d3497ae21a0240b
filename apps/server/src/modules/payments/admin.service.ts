import {
  formatFen,
  formatRate,
  PAYMENT_METHODS,
  PAYMENT_ORDER_STATUSES,
  type PaymentMethodCode,
  type PaymentOrderStatus,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { QueueFilter } from '../../db/filters.ts';
import { optText } from '../../db/rows.ts';
import { pageOf } from '../../lib/paging.ts';
import * as repo from './admin.repo.ts';

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const money = (v: unknown) => formatFen(BigInt(v as string));
const opt = optText;

/** The deposit queue as the console shows it (decisions are the payments service's). */
export class DepositQueueService {
  constructor(private readonly db: Db) {}

  async deposits(q: QueueFilter & { id?: number | undefined }) {
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
}
