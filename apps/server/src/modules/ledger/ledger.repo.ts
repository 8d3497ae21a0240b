import { and, count, desc, eq } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';
import { ledgerEntries, ledgerEntryKeys, wallets } from './ledger.table.ts';

export type WalletRow = typeof wallets.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
/** An entry's fields besides its wallet and the balances around it. */
export type EntryFields = Omit<
  NewLedgerEntry,
  'walletId' | 'balanceBefore' | 'balanceAfter' | 'remark' | 'createdAt'
> & {
  remark: string;
  createdAt: Date;
};

/** Locks the member's wallet of this kind for the rest of the transaction, creating it at 0 if missing. */
export async function lockWallet(tx: Tx, memberId: number, kind: string): Promise<WalletRow> {
  const select = () =>
    tx
      .select()
      .from(wallets)
      .where(and(eq(wallets.memberId, memberId), eq(wallets.kind, kind)))
      .for('update');
  const [existing] = await select();
  if (existing) return existing;
  await tx.insert(wallets).values({ memberId, kind }).onConflictDoNothing();
  const [created] = await select();
  if (!created) throw new Error(`wallet ${kind} of member ${memberId} could not be created`);
  return created;
}

/**
 * The fast path of a change without an idempotency key: one statement that applies the amount
 * only if the balance stays ≥ 0 (holding the row lock until commit) and appends its entry with
 * the balance before and after. Undefined when the wallet is missing or the balance would go
 * negative: nothing was written, and the caller takes the slow path.
 */
export async function applyAndRecord(
  tx: Tx,
  kind: string,
  entry: EntryFields,
): Promise<{ id: bigint; walletId: number; balanceAfter: bigint } | undefined> {
  const { memberId, amount } = entry;
  const at = entry.createdAt.toISOString();
  const [row] = rowsOf<{ id: string; wallet_id: number; balance_after: string }>(
    await tx.execute(sql`
      WITH applied AS (
        UPDATE wallets SET balance = balance + ${amount}::bigint, updated_at = ${at}::timestamptz
        WHERE member_id = ${memberId}::int AND kind = ${kind} AND balance + ${amount}::bigint >= 0
        RETURNING id, balance
      )
      INSERT INTO ledger_entries (wallet_id, member_id, amount, balance_before, balance_after, type,
        reference_type, reference_id, idempotency_key, remark, created_at)
      SELECT id, ${memberId}::int, ${amount}::bigint, balance - ${amount}::bigint, balance, ${entry.type},
        ${entry.referenceType ?? null}::text, ${entry.referenceId ?? null}::text,
        ${entry.idempotencyKey ?? null}::text, ${entry.remark}, ${at}::timestamptz
      FROM applied
      RETURNING id::text AS id, wallet_id, balance_after::text AS balance_after`),
  );
  return row
    ? { id: BigInt(row.id), walletId: Number(row.wallet_id), balanceAfter: BigInt(row.balance_after) }
    : undefined;
}

/** An entry as the keyed path reads it back: enough to answer a duplicate or a new post. */
export interface KeyedEntry {
  id: bigint;
  walletId: number;
  amount: bigint;
  balanceBefore: bigint;
  balanceAfter: bigint;
  type: string;
}

/**
 * A change with an idempotency key, in one statement, under the wallet's lock: the caller holds it
 * (lockWallet), so this statement's snapshot, taken after the lock was granted, sees every entry
 * committed before. Answers the entry already posted under the key (`earlier`: nothing moved), else
 * the change applied if the balance stays ≥ 0 with its entry appended (`posted`), else neither:
 * the balance is short and nothing was written. The key is recorded in `ledger_entry_keys` by the
 * same statement: a key posted meanwhile on another wallet, not yet committed, makes that INSERT
 * wait for it and fail on the key's primary key, as a separate read would.
 */
export async function applyKeyedAndRecord(
  tx: Tx,
  kind: string,
  entry: EntryFields & { idempotencyKey: string },
): Promise<{ earlier?: KeyedEntry; posted?: KeyedEntry }> {
  const { memberId, amount } = entry;
  const at = entry.createdAt.toISOString();
  const rows = rowsOf<{
    earlier: boolean;
    id: string;
    wallet_id: number;
    amount: string;
    balance_before: string;
    balance_after: string;
    type: string;
  }>(
    await tx.execute(sql`
      WITH earlier AS (
        SELECT e.id, e.wallet_id, e.amount, e.balance_before, e.balance_after, e.type
        FROM ledger_entry_keys k
        JOIN ledger_entries e ON e.id = k.entry_id AND e.created_at = k.created_at
        WHERE k.idempotency_key = ${entry.idempotencyKey}::text
      ), applied AS (
        UPDATE wallets SET balance = balance + ${amount}::bigint, updated_at = ${at}::timestamptz
        WHERE member_id = ${memberId}::int AND kind = ${kind} AND balance + ${amount}::bigint >= 0
          AND NOT EXISTS (SELECT 1 FROM earlier)
        RETURNING id, balance
      ), posted AS (
        INSERT INTO ledger_entries (wallet_id, member_id, amount, balance_before, balance_after, type,
          reference_type, reference_id, idempotency_key, remark, created_at)
        SELECT id, ${memberId}::int, ${amount}::bigint, balance - ${amount}::bigint, balance, ${entry.type},
          ${entry.referenceType ?? null}::text, ${entry.referenceId ?? null}::text,
          ${entry.idempotencyKey}::text, ${entry.remark}, ${at}::timestamptz
        FROM applied
        RETURNING id, wallet_id, amount, balance_before, balance_after, type, created_at
      ), keyed AS (
        INSERT INTO ledger_entry_keys (idempotency_key, entry_id, created_at)
        SELECT ${entry.idempotencyKey}::text, id, created_at FROM posted
      )
      SELECT true AS earlier, id::text AS id, wallet_id, amount::text AS amount,
             balance_before::text AS balance_before, balance_after::text AS balance_after, type
      FROM earlier
      UNION ALL
      SELECT false, id::text, wallet_id, amount::text, balance_before::text, balance_after::text, type
      FROM posted`),
  );
  const answer: { earlier?: KeyedEntry; posted?: KeyedEntry } = {};
  for (const r of rows) {
    const read: KeyedEntry = {
      id: BigInt(r.id),
      walletId: Number(r.wallet_id),
      amount: BigInt(r.amount),
      balanceBefore: BigInt(r.balance_before),
      balanceAfter: BigInt(r.balance_after),
      type: r.type,
    };
    if (r.earlier) answer.earlier = read;
    else answer.posted = read;
  }
  return answer;
}

export interface LockedWallet {
  id: number;
  memberId: number;
  kind: string;
  balance: bigint;
}

/**
 * Locks many wallets for the rest of the transaction in one statement, in id order (so two
 * callers never wait on each other crosswise), creating missing ones at 0 first.
 */
export async function lockWallets(
  tx: Tx,
  keys: ReadonlyArray<{ memberId: number; kind: string }>,
): Promise<LockedWallet[]> {
  const members = pgArray(keys.map((k) => k.memberId));
  const kinds = pgArray(keys.map((k) => k.kind));
  const select = async () =>
    rowsOf<{ id: number; member_id: number; kind: string; balance: string }>(
      await tx.execute(sql`
        SELECT w.id, w.member_id, w.kind, w.balance::text AS balance
        FROM wallets w JOIN unnest(${members}::int[], ${kinds}::text[]) AS k(member_id, kind)
          ON w.member_id = k.member_id AND w.kind = k.kind
        ORDER BY w.id
        FOR UPDATE OF w`),
    ).map((r) => ({
      id: Number(r.id),
      memberId: Number(r.member_id),
      kind: r.kind,
      balance: BigInt(r.balance),
    }));
  const found = await select();
  if (found.length === new Set(keys.map((k) => `${k.memberId}:${k.kind}`)).size) return found;
  await tx.execute(sql`
    INSERT INTO wallets (member_id, kind)
    SELECT * FROM unnest(${members}::int[], ${kinds}::text[]) ON CONFLICT DO NOTHING`);
  return select();
}

/** Sets many wallets' balances in one UPDATE (rows locked by `lockWallets`). */
export async function setWalletBalances(
  tx: Tx,
  rows: ReadonlyArray<{ id: number; balance: bigint }>,
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    UPDATE wallets SET balance = v.balance, updated_at = ${now.toISOString()}::timestamptz
    FROM unnest(${pgArray(rows.map((r) => r.id))}::int[], ${pgArray(rows.map((r) => r.balance))}::bigint[])
      AS v(id, balance)
    WHERE wallets.id = v.id`);
}

/**
 * Appends entries in VALUES order (ids ascend with it, which keeps each wallet's chain in order),
 * and records the keys of keyed ones in `ledger_entry_keys` (a key already there fails the call).
 */
export async function insertEntries(tx: Tx, entries: readonly NewLedgerEntry[]): Promise<LedgerEntryRow[]> {
  const rows: LedgerEntryRow[] = [];
  for (let i = 0; i < entries.length; i += ENTRY_CHUNK)
    rows.push(
      ...(await tx
        .insert(ledgerEntries)
        .values(entries.slice(i, i + ENTRY_CHUNK))
        .returning()),
    );
  const keyed = rows.filter((r) => r.idempotencyKey !== null);
  for (let i = 0; i < keyed.length; i += KEY_CHUNK)
    await tx.insert(ledgerEntryKeys).values(
      keyed.slice(i, i + KEY_CHUNK).map((r) => ({
        idempotencyKey: r.idempotencyKey ?? '',
        entryId: r.id,
        createdAt: r.createdAt,
      })),
    );
  return rows;
}

/** Rows per INSERT of keys (3 parameters each). */
const KEY_CHUNK = 10_000;

/** Rows per INSERT of entries (11 parameters each, under PostgreSQL's 65,535 per statement). */
const ENTRY_CHUNK = 2_000;

/**
 * The entries already posted under these keys (a settlement batch asks for thousands), found
 * through `ledger_entry_keys` and then by id and month. The keys are bound as a sub-select, whose
 * length the planner cannot count: it probes the key's primary key once per key, where a counted
 * array of a few thousand keys against a young table got a scan of every entry.
 */
export async function findEntriesByIdempotencyKeys(
  tx: Tx,
  keys: readonly string[],
): Promise<LedgerEntryRow[]> {
  if (keys.length === 0) return [];
  const rows = await tx
    .select({ entry: ledgerEntries })
    .from(ledgerEntryKeys)
    .innerJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.id, ledgerEntryKeys.entryId),
        eq(ledgerEntries.createdAt, ledgerEntryKeys.createdAt),
      ),
    )
    .where(sql`${ledgerEntryKeys.idempotencyKey} = ANY((SELECT ${pgArray(keys)}::text[])::text[])`);
  return rows.map((r) => r.entry);
}

export async function walletsOf(db: Db, memberId: number): Promise<WalletRow[]> {
  return db.select().from(wallets).where(eq(wallets.memberId, memberId));
}

export async function createWallets(tx: Tx, memberId: number, kinds: readonly string[]): Promise<void> {
  await tx
    .insert(wallets)
    .values(kinds.map((kind) => ({ memberId, kind })))
    .onConflictDoNothing();
}

export async function recentEntries(db: Db, memberId: number, limit: number): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.memberId, memberId))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
}

export interface InvariantViolation {
  walletId: number;
  memberId: number;
  kind: string;
  problem: 'balance_differs_from_entries' | 'broken_chain';
  detail: string;
}

/**
 * Proves the books: every wallet's balance equals the sum of its entries, and each entry's
 * balance_before equals the previous entry's balance_after.
 */
export async function findInvariantViolations(db: Db): Promise<InvariantViolation[]> {
  type SumRow = { id: number; member_id: number; kind: string; balance: string; total: string };
  type ChainRow = {
    wallet_id: number;
    member_id: number;
    kind: string;
    id: string;
    before: string;
    prev: string;
  };
  // Months archived past their retention (archive.service.ts) count through their carried sums:
  // a wallet's first entry still here starts where its last archived entry ended.
  const sums = await db.execute(sql`
    SELECT w.id, w.member_id, w.kind, w.balance::text AS balance,
      (COALESCE(a.amount_sum, 0) + COALESCE(SUM(e.amount), 0))::text AS total
    FROM wallets w
    LEFT JOIN ledger_archived_wallets a ON a.wallet_id = w.id
    LEFT JOIN ledger_entries e ON e.wallet_id = w.id
    GROUP BY w.id, a.amount_sum
    HAVING w.balance <> COALESCE(a.amount_sum, 0) + COALESCE(SUM(e.amount), 0)`);
  const chains = await db.execute(sql`
    SELECT c.wallet_id, c.member_id, w.kind, c.id::text AS id, c.balance_before::text AS before, c.prev::text AS prev
    FROM (
      SELECT e.*, LAG(e.balance_after, 1, COALESCE(a.last_balance_after, 0::bigint))
        OVER (PARTITION BY e.wallet_id ORDER BY e.id) AS prev
      FROM ledger_entries e LEFT JOIN ledger_archived_wallets a ON a.wallet_id = e.wallet_id
    ) c JOIN wallets w ON w.id = c.wallet_id
    WHERE c.balance_before <> c.prev`);
  return [
    ...rowsOf<SumRow>(sums).map((r) => ({
      walletId: Number(r.id),
      memberId: Number(r.member_id),
      kind: r.kind,
      problem: 'balance_differs_from_entries' as const,
      detail: `balance ${r.balance} but entries sum to ${r.total}`,
    })),
    ...rowsOf<ChainRow>(chains).map((r) => ({
      walletId: Number(r.wallet_id),
      memberId: Number(r.member_id),
      kind: r.kind,
      problem: 'broken_chain' as const,
      detail: `entry ${r.id} starts at ${r.before} but the previous entry ended at ${r.prev}`,
    })),
  ];
}

/** How many wallets and ledger entries the books hold. */
export async function bookSizes(db: Db): Promise<{ wallets: number; entries: number }> {
  const [[w], [e]] = await Promise.all([
    db.select({ n: count() }).from(wallets),
    db.select({ n: count() }).from(ledgerEntries),
  ]);
  return { wallets: w?.n ?? 0, entries: e?.n ?? 0 };
}
