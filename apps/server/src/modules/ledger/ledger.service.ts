import { LEDGER_TYPES, MESSAGES, type LedgerType, type WalletKind } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Work } from '../../db/tx.ts';
import { conflict, unprocessable } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import * as repo from './ledger.repo.ts';
import type { Clock } from '../../lib/clock.ts';

export interface PostEntryInput {
  memberId: number;
  wallet?: WalletKind;
  /** Signed amount in 分: positive credits, negative debits. */
  amount: bigint;
  type: LedgerType;
  reference?: { type: string; id: string | number | bigint };
  /** Unique across the ledger: posting the same key again returns the first entry and moves nothing. */
  idempotencyKey?: string;
  remark?: string;
}

export interface PostedEntry {
  entryId: bigint;
  memberId: number;
  wallet: WalletKind;
  amount: bigint;
  balanceBefore: bigint;
  balanceAfter: bigint;
  type: LedgerType;
  /** True when the idempotency key had already been posted and nothing moved now. */
  duplicate: boolean;
}

/** The only code that changes a balance. Every call runs inside the caller's transaction. */
export class LedgerService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  async post(work: Work, input: PostEntryInput): Promise<PostedEntry> {
    if (input.amount === 0n) throw new Error('a ledger entry must move money');
    const kind: WalletKind = input.wallet ?? 'main';
    const now = this.clock.now();
    if (!input.idempotencyKey) {
      const applied = await repo.applyToWallet(work.tx, input.memberId, kind, input.amount, now);
      if (applied)
        return this.record(
          work,
          input,
          kind,
          applied.id,
          applied.balance - input.amount,
          applied.balance,
          now,
        );
    }
    // The row lock serialises every change of this wallet until the caller commits.
    const wallet = await repo.lockWallet(work.tx, input.memberId, kind);

    if (input.idempotencyKey) {
      const earlier = await repo.findEntryByIdempotencyKey(work.tx, input.idempotencyKey);
      if (earlier) {
        if (
          earlier.walletId !== wallet.id ||
          earlier.amount !== input.amount ||
          earlier.type !== input.type
        ) {
          throw conflict(MESSAGES.idempotencyMismatch);
        }
        return { ...this.describe(earlier, kind), duplicate: true };
      }
    }

    const after = wallet.balance + input.amount;
    if (after < 0n) throw unprocessable(MESSAGES.insufficientBalance, { wallet: kind });

    await repo.setWalletBalance(work.tx, wallet.id, after, now);
    return this.record(work, input, kind, wallet.id, wallet.balance, after, now);
  }

  /** Appends the entry of a change already applied to the wallet row, and announces it after commit. */
  private async record(
    work: Work,
    input: PostEntryInput,
    kind: WalletKind,
    walletId: number,
    before: bigint,
    after: bigint,
    now: Date,
  ): Promise<PostedEntry> {
    const entry = await repo.insertEntry(work.tx, {
      walletId,
      memberId: input.memberId,
      amount: input.amount,
      balanceBefore: before,
      balanceAfter: after,
      type: input.type,
      referenceType: input.reference?.type ?? null,
      referenceId: input.reference ? String(input.reference.id) : null,
      idempotencyKey: input.idempotencyKey ?? null,
      remark: input.remark ?? LEDGER_TYPES[input.type],
      createdAt: now,
    });
    const posted = { ...this.describe(entry, kind), duplicate: false };
    work.afterCommit(() =>
      this.events.emit('wallet.changed', {
        memberId: posted.memberId,
        wallet: kind,
        amount: posted.amount,
        balanceAfter: posted.balanceAfter,
        type: posted.type,
        entryId: posted.entryId,
        at: entry.createdAt,
      }),
    );
    return posted;
  }

  /** Moves money between two wallets of one member (e.g. main → frozen) as a pair of entries. */
  async move(
    work: Work,
    input: { memberId: number; from: WalletKind; to: WalletKind; amount: bigint; type: LedgerType } & Pick<
      PostEntryInput,
      'reference' | 'idempotencyKey' | 'remark'
    >,
  ): Promise<{ debit: PostedEntry; credit: PostedEntry }> {
    if (input.amount <= 0n) throw new Error('a move must carry a positive amount');
    const { from, to, amount, idempotencyKey, ...rest } = input;
    const debit = await this.post(work, {
      ...rest,
      wallet: from,
      amount: -amount,
      ...(idempotencyKey ? { idempotencyKey: `${idempotencyKey}:out` } : {}),
    });
    const credit = await this.post(work, {
      ...rest,
      wallet: to,
      amount,
      ...(idempotencyKey ? { idempotencyKey: `${idempotencyKey}:in` } : {}),
    });
    return { debit, credit };
  }

  async balances(memberId: number): Promise<Map<string, bigint>> {
    const rows = await repo.walletsOf(this.db, memberId);
    return new Map(rows.map((w) => [w.kind, w.balance]));
  }

  findInvariantViolations(): Promise<repo.InvariantViolation[]> {
    return repo.findInvariantViolations(this.db);
  }

  private describe(entry: repo.LedgerEntryRow, wallet: WalletKind): Omit<PostedEntry, 'duplicate'> {
    return {
      entryId: entry.id,
      memberId: entry.memberId,
      wallet,
      amount: entry.amount,
      balanceBefore: entry.balanceBefore,
      balanceAfter: entry.balanceAfter,
      type: entry.type as LedgerType,
    };
  }
}
