import {
  formatFen,
  maskAccount,
  USER_WALLET_TYPES,
  WITHDRAW_STATUSES,
  type UserWalletType,
  type WithdrawStatus,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { QueueFilter } from '../../db/filters.ts';
import { optText } from '../../db/rows.ts';
import { pageOf } from '../../lib/paging.ts';
import * as repo from './admin.repo.ts';

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const money = (v: unknown) => formatFen(BigInt(v as string));
const opt = optText;

/** The withdrawal queue and refused account bindings as the console shows them (decisions are the withdrawals service's). */
export class WithdrawalQueueService {
  constructor(
    private readonly db: Db,
    /** USDT_DEPOSITS=trongrid: a USDT-TRC20 payment is entered with its transaction id and checked on chain. */
    private readonly chainChecked = false,
  ) {}

  async withdrawals(q: QueueFilter & { id?: number | undefined }) {
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
          tx_id: opt(r.tx_id),
          chain_note: opt(r.chain_note),
          needs_tx_id: this.chainChecked && r.wallet_type === 'usdt_trc20',
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
