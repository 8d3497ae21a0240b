import { LEDGER_TYPES, type LedgerType, type WalletKind } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Work } from '../../db/tx.ts';
import { refuse } from '../../lib/errors.ts';
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

/** What an entry says besides its wallet and balances. */
function entryFields(input: PostEntryInput, now: Date): repo.EntryFields {
  return {
    memberId: input.memberId,
    amount: input.amount,
    type: input.type,
    referenceType: input.reference?.type ?? null,
    referenceId: input.reference ? String(input.reference.id) : null,
    idempotencyKey: input.idempotencyKey ?? null,
    remark: input.remark ?? LEDGER_TYPES[input.type],
    createdAt: now,
  };
}

/** The row of a new entry: `before` and `after` are the wallet's balance around it. */
function newEntry(
  input: PostEntryInput,
  walletId: number,
  before: bigint,
  after: bigint,
  now: Date,
): repo.NewLedgerEntry {
  return { ...entryFields(input, now), walletId, balanceBefore: before, balanceAfter: after };
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
    // Without a key: one statement, unless the wallet is missing or short (then the locked path,
    // which creates it or refuses with the balance it finds).
    if (!input.idempotencyKey) {
      const posted = await this.apply(work, input, kind, now);
      if (posted) return posted;
    }
    // The row lock serialises every change of this wallet until the caller commits.
    const wallet = await repo.lockWallet(work.tx, input.memberId, kind);

    if (input.idempotencyKey) {
      // Under the lock: the entry already posted under the key, else the change, in one statement.
      const { earlier, posted } = await repo.applyKeyedAndRecord(work.tx, kind, {
        ...entryFields(input, now),
        idempotencyKey: input.idempotencyKey,
      });
      if (earlier) {
        if (
          earlier.walletId !== wallet.id ||
          earlier.amount !== input.amount ||
          earlier.type !== input.type
        ) {
          throw refuse('ledger.entry_key_reused');
        }
        return { ...this.describeKeyed(earlier, input.memberId, kind), duplicate: true };
      }
      if (!posted) throw refuse('ledger.insufficient_balance', undefined, { wallet: kind });
      const entry: PostedEntry = { ...this.describeKeyed(posted, input.memberId, kind), duplicate: false };
      this.announce(work, entry, now);
      return entry;
    }

    const after = wallet.balance + input.amount;
    if (after < 0n) throw refuse('ledger.insufficient_balance', undefined, { wallet: kind });

    // Locked and checked: the change and its entry in one statement.
    const posted = await this.apply(work, input, kind, now);
    if (!posted) throw new Error(`wallet ${kind} of member ${input.memberId} changed under its lock`);
    return posted;
  }

  /** Applies the amount and appends its entry (ledger.repo applyAndRecord); undefined: nothing written. */
  private async apply(
    work: Work,
    input: PostEntryInput,
    kind: WalletKind,
    now: Date,
  ): Promise<PostedEntry | undefined> {
    const applied = await repo.applyAndRecord(work.tx, kind, entryFields(input, now));
    if (!applied) return undefined;
    const posted: PostedEntry = {
      entryId: applied.id,
      memberId: input.memberId,
      wallet: kind,
      amount: input.amount,
      balanceBefore: applied.balanceAfter - input.amount,
      balanceAfter: applied.balanceAfter,
      type: input.type,
      duplicate: false,
    };
    this.announce(work, posted, now);
    return posted;
  }

  /**
   * Posts many entries in a handful of statements, exactly as if each were `post`ed in turn in
   * this transaction: the same idempotency rule (a known key moves nothing, a known key for
   * another wallet, amount or type is a conflict), the same refusal of a negative balance (the
   * whole call throws), each wallet's entries chained in input order. The wallets are locked
   * together in id order. Results come back in input order.
   */
  async postMany(work: Work, inputs: readonly PostEntryInput[]): Promise<PostedEntry[]> {
    if (inputs.length === 0) return [];
    if (inputs.some((i) => i.amount === 0n)) throw new Error('a ledger entry must move money');
    const now = this.clock.now();
    const kindOf = (input: PostEntryInput): WalletKind => input.wallet ?? 'main';
    const walletKey = (memberId: number, kind: string) => `${memberId}:${kind}`;
    const locked = await repo.lockWallets(
      work.tx,
      inputs.map((i) => ({ memberId: i.memberId, kind: kindOf(i) })),
    );
    const wallets = new Map(locked.map((w) => [walletKey(w.memberId, w.kind), w]));
    const balances = new Map(locked.map((w) => [w.id, w.balance]));
    const keys = inputs.flatMap((i) => (i.idempotencyKey ? [i.idempotencyKey] : []));
    // Keys already in the ledger, and those this call writes (a repeat later in the call is a duplicate).
    type Known = { walletId: number; amount: bigint; type: string } & (
      { entry: repo.LedgerEntryRow } | { planned: number }
    );
    const known = new Map<string, Known>(
      (await repo.findEntriesByIdempotencyKeys(work.tx, keys)).map((e) => [
        e.idempotencyKey ?? '',
        { ...e, entry: e },
      ]),
    );

    // Each input is either a new entry (its index in `fresh`) or a duplicate of an earlier one.
    const fresh: repo.NewLedgerEntry[] = [];
    const plan: Array<{ planned: number; duplicate: boolean } | { entry: repo.LedgerEntryRow }> = [];
    for (const input of inputs) {
      const kind = kindOf(input);
      const wallet = wallets.get(walletKey(input.memberId, kind));
      if (!wallet) throw new Error(`wallet ${kind} of member ${input.memberId} could not be locked`);
      const prior = input.idempotencyKey ? known.get(input.idempotencyKey) : undefined;
      if (prior) {
        if (prior.walletId !== wallet.id || prior.amount !== input.amount || prior.type !== input.type)
          throw refuse('ledger.entry_key_reused');
        plan.push('entry' in prior ? { entry: prior.entry } : { planned: prior.planned, duplicate: true });
        continue;
      }
      const before = balances.get(wallet.id) ?? 0n;
      const after = before + input.amount;
      if (after < 0n) throw refuse('ledger.insufficient_balance', undefined, { wallet: kind });
      balances.set(wallet.id, after);
      if (input.idempotencyKey)
        known.set(input.idempotencyKey, {
          walletId: wallet.id,
          amount: input.amount,
          type: input.type,
          planned: fresh.length,
        });
      plan.push({ planned: fresh.length, duplicate: false });
      fresh.push(newEntry(input, wallet.id, before, after, now));
    }

    await repo.setWalletBalances(
      work.tx,
      locked
        .filter((w) => balances.get(w.id) !== w.balance)
        .map((w) => ({ id: w.id, balance: balances.get(w.id) ?? 0n })),
      now,
    );
    const written = await repo.insertEntries(work.tx, fresh);
    // The chains rely on ids ascending in input order; anything else must never be committed.
    written.forEach((row, i) => {
      const prev = written[i - 1];
      if (
        row.balanceAfter !== fresh[i]?.balanceAfter ||
        row.walletId !== fresh[i]?.walletId ||
        (prev && prev.id >= row.id)
      )
        throw new Error('ledger entries written out of order');
    });
    const kinds = new Map(locked.map((w) => [w.id, w.kind as WalletKind]));
    const posted = plan.map((p) => {
      if ('entry' in p)
        return { ...this.describe(p.entry, kinds.get(p.entry.walletId) ?? 'main'), duplicate: true };
      const row = written[p.planned];
      if (!row) throw new Error('ledger entry not inserted');
      return { ...this.describe(row, kinds.get(row.walletId) ?? 'main'), duplicate: p.duplicate };
    });
    work.afterCommit(() => {
      for (const row of written)
        this.events.emit('wallet.changed', {
          memberId: row.memberId,
          wallet: kinds.get(row.walletId) ?? 'main',
          amount: row.amount,
          balanceAfter: row.balanceAfter,
          type: row.type as LedgerType,
          entryId: row.id,
          at: row.createdAt,
        });
    });
    return posted;
  }

  /** Tells the member's listeners (balance push, VIP, rebates) once the transaction commits. */
  private announce(work: Work, posted: PostedEntry, at: Date): void {
    work.afterCommit(() =>
      this.events.emit('wallet.changed', {
        memberId: posted.memberId,
        wallet: posted.wallet,
        amount: posted.amount,
        balanceAfter: posted.balanceAfter,
        type: posted.type,
        entryId: posted.entryId,
        at,
      }),
    );
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

  private describeKeyed(
    entry: repo.KeyedEntry,
    memberId: number,
    wallet: WalletKind,
  ): Omit<PostedEntry, 'duplicate'> {
    return {
      entryId: entry.id,
      memberId,
      wallet,
      amount: entry.amount,
      balanceBefore: entry.balanceBefore,
      balanceAfter: entry.balanceAfter,
      type: entry.type as LedgerType,
    };
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
