import { fenFromDecimal, formatFen } from '@app/shared';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import dayjs from 'dayjs';

export type RedPacket = BackofficeRow<'/admin/v1/red-packets'>;
export type RedPacketClaim = BackofficeRow<'/admin/v1/red-packets/:id/claims'>;

/** The report of the rows shown: budgets, what was claimed (amount and packets) and what is left. */
export interface RedPacketTotals {
  rows: number;
  budget: string;
  claimedAmount: string;
  claimed: number;
  count: number;
  remaining: string;
}

/** Sums the page's rows in 分 (money arrives as decimal strings of 元: no float arithmetic). */
export function totalsOf(rows: readonly RedPacket[]): RedPacketTotals {
  let budget = 0n;
  let claimedAmount = 0n;
  let remaining = 0n;
  let claimed = 0;
  let count = 0;
  for (const r of rows) {
    budget += fenFromDecimal(r.budget);
    claimedAmount += fenFromDecimal(r.claimed_amount);
    remaining += fenFromDecimal(r.remaining_amount);
    claimed += r.claimed;
    count += r.count;
  }
  return {
    rows: rows.length,
    budget: formatFen(budget),
    claimedAmount: formatFen(claimedAmount),
    claimed,
    count,
    remaining: formatFen(remaining),
  };
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
const optionalNumber = (v: unknown): number | null => (text(v) === '' ? null : Number(v));
const optionalMoney = (v: unknown): string | null => (text(v) === '' ? null : text(v));
/** A picked time (text as the form gives it, or the picker's own value) → ISO 8601. */
const iso = (v: unknown): string => {
  if (dayjs.isDayjs(v)) return v.toISOString();
  const t = text(v);
  return t && dayjs(t).isValid() ? dayjs(t).toISOString() : '';
};

/** A red packet's terms as they are: what a running one keeps whatever its form says. */
function termsOf(row: RedPacket) {
  return {
    code: row.code,
    starts_at: row.starts_at,
    budget: row.budget,
    count: row.count,
    min_amount: row.min_amount,
    turnover_multiple: row.turnover_multiple,
    vip_min: row.vip_min,
    deposit_min: row.deposit_min,
    turnover_min: row.turnover_min,
  };
}

/**
 * Form values → the request body (checked against `redPacketBody` before sending). The kind is
 * fixed once created; once the window has opened only the name and the end may change, so the
 * other terms are sent as they are.
 */
export function bodyOf(values: Record<string, unknown>, row: RedPacket | null): Record<string, unknown> {
  const kind = row?.kind ?? text(values.kind);
  const terms =
    row && row.status === 'running'
      ? termsOf(row)
      : {
          code: kind === 'code' ? text(values.code) || null : null,
          starts_at: iso(values.starts_at),
          budget: text(values.budget),
          count: Number(values.count),
          min_amount: text(values.min_amount),
          turnover_multiple: Number(values.turnover_multiple),
          vip_min: optionalNumber(values.vip_min),
          deposit_min: optionalMoney(values.deposit_min),
          turnover_min: optionalMoney(values.turnover_min),
        };
  return { kind, name: text(values.name), ends_at: iso(values.ends_at), ...terms };
}

/** A row → the form's values when editing. */
export function formOf(row: RedPacket): Record<string, unknown> {
  return {
    kind: row.kind,
    name: row.name,
    code: row.code ?? undefined,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    budget: row.budget,
    count: row.count,
    min_amount: row.min_amount,
    turnover_multiple: row.turnover_multiple,
    vip_min: row.vip_min ?? undefined,
    deposit_min: row.deposit_min ?? undefined,
    turnover_min: row.turnover_min ?? undefined,
  };
}

/** A red packet the console may still edit (the server refuses one waiting for 复核 or over). */
export const editable = (r: RedPacket) => r.status === 'upcoming' || r.status === 'running';
/** A red packet the console may still cancel. */
export const cancellable = (r: RedPacket) => r.status !== 'ended' && r.status !== 'cancelled';
