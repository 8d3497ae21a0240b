import {
  formatFen,
  formatRate,
  PAYMENT_METHODS,
  PAYMENT_ORDER_STATUSES,
  type PaymentMethodCode,
  type PaymentOrderStatus,
} from '@app/shared';
import { PAYMENT_CALLBACK_OUTCOMES, type PaymentCallbackItem } from '@app/shared/backoffice';
import type { Db } from '../../db/client.ts';
import type { QueueFilter } from '../../db/filters.ts';
import { optText } from '../../db/rows.ts';
import { pageOf } from '../../lib/paging.ts';
import * as repo from './admin.repo.ts';
import type { CallbackOutcome } from './payments.service.ts';

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const money = (v: unknown) => formatFen(BigInt(v as string));
const opt = optText;

/** The console's name of every outcome the payments service records (one missing does not compile). */
const OUTCOME_LABELS: Readonly<Record<CallbackOutcome, string>> = PAYMENT_CALLBACK_OUTCOMES;
const outcomeText = (outcome: string): string =>
  Object.hasOwn(OUTCOME_LABELS, outcome) ? OUTCOME_LABELS[outcome as CallbackOutcome] : outcome;

/** Fields of a gateway's payload that hold its signature or a secret: only their start is shown. */
const SECRET_FIELDS = new Set(['sign', 'key']);
const maskSecret = (value: unknown): string =>
  `${(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).slice(0, 4)}…`;

/** A payload as received, each `sign` or `key` field (at every depth) cut to its first 4 characters and …. */
function maskedPayload(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskedPayload);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_FIELDS.has(k.toLowerCase()) ? maskSecret(v) : maskedPayload(v),
    ]),
  );
}

/** A stored payload as the list answers it: an object (anything else, never stored, is wrapped). */
function payloadView(payload: unknown): Record<string, unknown> {
  const masked = maskedPayload(payload);
  return masked !== null && typeof masked === 'object' && !Array.isArray(masked)
    ? (masked as Record<string, unknown>)
    : { value: masked };
}

const isQueryAnswer = (payload: unknown): boolean =>
  payload !== null &&
  typeof payload === 'object' &&
  !Array.isArray(payload) &&
  (payload as Record<string, unknown>).source === 'query';

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

  /** 网关通知: every notification a gateway sent and every answer to our order query, newest first. */
  async callbacks(q: repo.CallbackLogFilter): Promise<{ rows: PaymentCallbackItem[]; total: number }> {
    const { rows, total } = await repo.pageCallbacks(this.db, q);
    return {
      total,
      rows: rows.map((r) => ({
        id: r.id.toString(),
        gateway: r.gateway,
        order_no: r.orderNo,
        outcome: r.outcome,
        outcome_text: outcomeText(r.outcome),
        source: isQueryAnswer(r.payload) ? 'query' : 'notify',
        signature_valid: r.signatureValid,
        ip: r.ip,
        created_at: r.createdAt.toISOString(),
        payload: payloadView(r.payload),
      })),
    };
  }
}
