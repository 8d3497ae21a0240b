import { randomBytes } from 'node:crypto';
import { formatFen, formatYuan, type NgBalance, type NgTransferResultView } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { isRefusal, PG_UNIQUE_VIOLATION, pgErrorCode, refuse } from '../../lib/errors.ts';
import type { LedgerService } from '../ledger/index.ts';
import * as repo from './games.repo.ts';
import { refuseBarredMember, type TransferMember } from './games.rules.ts';
import {
  ProviderRejected,
  ProviderUnavailable,
  withTimeout,
  type GameProvider,
  type ProviderTransfer,
} from './provider/provider.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MessagesService } from '../messages/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';

export interface TransferOptions {
  /** How long one provider call may take before the transfer is left pending. */
  timeoutMs: number;
  /** Pending transfers younger than this are left to the request still working on them. */
  reconcileAfterMs: number;
}

type Outcome = { kind: 'success'; amount: bigint } | { kind: 'failed'; reason: string };

const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,128}$/;
/** The prefix of the idle recall's keys (`idle-recall:<the member's latest transfer id>`). */
export const IDLE_RECALL_KEY_PREFIX = 'idle-recall:';
const isIdleRecallKey = (key: string | null) => key?.startsWith(IDLE_RECALL_KEY_PREFIX) ?? false;
const PENDING_MESSAGE = '转账处理中，请稍后查看余额';
/** Members whose provider account this process has opened, remembered up to this many. */
const KNOWN_PLAYERS_MAX = 100_000;

/**
 * Transfers between the main wallet and the provider's wallet, two-phase:
 * - in: main is debited together with a `pending` row; the provider's confirmation completes it,
 *   a definite refusal refunds main, silence leaves it pending for `reconcile`.
 * - out: a `pending` row first; main is credited only with the provider's confirmation.
 * The provider is idempotent by our transfer id, and every completion moves the row from pending
 * in the statement that locks it, with ledger idempotency keys, so nothing is lost or moved twice
 * whoever finishes it.
 */
export class GameTransferService {
  private readonly players = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly provider: GameProvider,
    private readonly options: TransferOptions,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly clock: Clock,
    private readonly responsible: Pick<ResponsiblePlayService, 'assertMayPlay'>,
    private readonly messages: Pick<MessagesService, 'send'>,
  ) {}

  async transfer(
    member: TransferMember,
    direction: 'in' | 'out',
    amount: bigint,
    clientKey: string | undefined,
  ): Promise<{ view: NgTransferResultView; message: string }> {
    // The idle recall's keys are its own: a member's key never passes for one.
    if (clientKey !== undefined && (!KEY_PATTERN.test(clientKey) || isIdleRecallKey(clientKey)))
      throw refuse('idempotency.key_invalid');
    if (direction === 'in') {
      refuseBarredMember(member);
      if (amount <= 0n) throw refuse('games.transfer_in_not_positive');
    }
    const moved = await this.move(member.id, direction, amount, clientKey);
    return this.answer(moved.row, moved.known);
  }

  /**
   * Everything in the member's game wallet back to main, as 全部转出 does (the same transfer, the
   * same exactly-once path), under `clientKey`: callers that race with the same key make one
   * transfer. The idle recall's way in; its key (`idle-recall:…`) marks the transfer as the
   * recall's in the ledger's remark and the member's inbox. Returns the transfer as it stands
   * (pending when the provider did not answer in time; failed when it refused).
   */
  async recallEverything(memberId: number, clientKey: string): Promise<repo.TransferRow> {
    return (await this.move(memberId, 'out', 0n, clientKey)).row;
  }

  /**
   * A transfer's two phases (see the class). `known` carries what this call saw move (main after
   * its own entry, the game wallet as the provider answered); absent when the transfer is an
   * earlier one under the key or was finished by someone else.
   */
  private async move(
    memberId: number,
    direction: 'in' | 'out',
    amount: bigint,
    clientKey: string | undefined,
  ): Promise<{ row: repo.TransferRow; known?: { main: bigint | undefined; game: bigint | null } }> {
    // The transfer already made under this key and the main balance, in one read (none when
    // neither is needed: a transfer out without a key).
    if (clientKey || direction === 'in') {
      const start = await repo.transferStart(this.db, memberId, clientKey);
      if (start.earlier) return { row: this.replay(start.earlier, direction, amount) };
      // A transfer the main wallet cannot cover is refused first (the ledger still decides under
      // its lock; this spares the transaction).
      if (direction === 'in' && start.main < amount) throw refuse('ledger.main_wallet_insufficient');
    }

    const now = this.clock.now();
    const id = `gt_${memberId}_${now.getTime().toString(36)}_${randomBytes(6).toString('hex')}`;
    const pending = {
      id,
      memberId,
      provider: this.provider.code,
      direction,
      amount,
      everything: direction === 'out' && amount === 0n ? 1 : 0,
      clientKey: clientKey ?? null,
      createdAt: now,
    };
    let row: repo.TransferRow;
    /** Main after this transfer's own movement of it (carried to the answer instead of read again). */
    let main: bigint | undefined;
    try {
      row =
        direction === 'in'
          ? await inTransaction(this.db, async (work) => {
              // Money moved into a game is staked there: a time-out, self-exclusion or the
              // member's own limits refuse it here, under the limits' lock, before the provider
              // hears of it (the account at the provider is opened only after this commits).
              await this.responsible.assertMayPlay(work, memberId, now, { kind: 'stake', amount });
              const created = await repo.createTransfer(work.tx, pending);
              // Once per transfer without a ledger key: the transfer row, inserted in this
              // transaction under its primary key, is the guard (the ledger's fast path).
              const debit = await this.ledger.post(work, {
                memberId,
                amount: -amount,
                type: 'game_in',
                reference: { type: 'game_transfer', id },
                remark: '主钱包转入游戏钱包',
              });
              main = debit.balanceAfter;
              return created;
            })
          : // Out moves no money yet: the pending row alone, one statement.
            await repo.createTransfer(this.db, pending);
    } catch (err) {
      if (isRefusal(err, 'ledger.insufficient_balance')) throw refuse('ledger.main_wallet_insufficient');
      if (clientKey && pgErrorCode(err) === PG_UNIQUE_VIOLATION) {
        const earlier = await repo.findTransferByClientKey(this.db, memberId, clientKey);
        if (earlier) return { row: this.replay(earlier, direction, amount) };
      }
      throw err;
    }

    await this.ensurePlayer(memberId);
    let game: bigint | undefined;
    const outcome = await this.ask(row, async () => {
      const answer = await (direction === 'in'
        ? this.provider.transferIn(id, memberId, amount)
        : this.provider.transferOut(id, memberId, amount === 0n ? 'all' : amount));
      game = answer.balanceAfter;
      return answer;
    });
    if (!outcome) return { row };
    const resolved = await this.resolve(row, outcome);
    // What this request saw move: main after its own entry, the game wallet as the provider
    // answered. A transfer someone else finished first is answered from fresh reads.
    if (!resolved.here) return { row: resolved.row };
    return { row: resolved.row, known: { main: resolved.main ?? main, game: game ?? null } };
  }

  /**
   * Opens the member's account at the provider once per process (best effort, as before: a
   * failure is ignored and tried again next time; the provider opens it with a transfer anyway).
   */
  private async ensurePlayer(memberId: number): Promise<void> {
    if (this.players.has(memberId)) return;
    try {
      await this.provider.createPlayer(memberId);
      if (this.players.size >= KNOWN_PLAYERS_MAX) this.players.clear();
      this.players.add(memberId);
    } catch {
      // Ignored: the transfer itself will tell whether the provider can take it.
    }
  }

  /**
   * Finishes pending transfers at least `reconcileAfterMs` old: asks the provider what became of
   * each; one it never saw is sent again under the same id (so a late copy of the lost request
   * changes nothing), except an "everything" transfer out, which is settled as nothing moved.
   */
  async reconcile(
    now = this.clock.now(),
    opts: { memberId?: number; limit?: number } = {},
  ): Promise<{ checked: number; completed: number; failed: number; pending: number }> {
    const rows = await repo.pendingTransfers(
      this.db,
      new Date(now.getTime() - this.options.reconcileAfterMs),
      opts.limit ?? 100,
      opts.memberId,
    );
    const tally = { checked: rows.length, completed: 0, failed: 0, pending: 0 };
    for (const row of rows) {
      const outcome = await this.ask(row, async () => {
        const known = await this.provider.queryTransfer(row.id).catch((err: unknown) => {
          // A refused query says nothing about the transfer itself.
          throw err instanceof ProviderRejected ? new ProviderUnavailable(err.message) : err;
        });
        if (known) return known;
        if (row.direction === 'in') return this.provider.transferIn(row.id, row.memberId, row.amount);
        return this.provider.transferOut(row.id, row.memberId, row.everything ? 0n : row.amount);
      });
      const final = outcome ? (await this.resolve(row, outcome)).row : row;
      if (final.status === 'completed') tally.completed++;
      else if (final.status === 'failed') tally.failed++;
      else tally.pending++;
    }
    if (rows.length) this.log.info({ ...tally }, 'game transfers reconciled');
    return tally;
  }

  async balance(memberId: number): Promise<NgBalance> {
    const [balances, pending, game] = await Promise.all([
      this.ledger.balances(memberId),
      repo.pendingInOf(this.db, memberId),
      this.gameBalance(memberId),
    ]);
    return {
      main_balance: formatFen(balances.get('main') ?? 0n),
      game_balance: game === null ? null : formatFen(game),
      pending_in: formatFen(pending.amount),
      pending_count: pending.count,
      provider_available: game !== null,
    };
  }

  /** The member's balance at the provider, or null when it does not answer in time. */
  private gameBalance(memberId: number): Promise<bigint | null> {
    return withTimeout(this.provider.balance(memberId), this.options.timeoutMs, 'balance', this.clock).catch(
      () => null,
    );
  }

  /** One provider call under the time limit: its outcome, or null when nothing definite came back. */
  private async ask(row: repo.TransferRow, call: () => Promise<ProviderTransfer>): Promise<Outcome | null> {
    try {
      const answer = await withTimeout(call(), this.options.timeoutMs, `transfer ${row.id}`, this.clock);
      return answer.status === 'success'
        ? { kind: 'success', amount: answer.amount }
        : { kind: 'failed', reason: answer.reason ?? '游戏平台拒绝了转账' };
    } catch (err) {
      if (err instanceof ProviderRejected) return { kind: 'failed', reason: err.message };
      const message = err instanceof Error ? err.message : String(err);
      this.log.warn({ transfer: row.id, err: message }, 'game transfer left pending');
      await repo.noteAttempt(this.db, row.id, message);
      return null;
    }
  }

  /**
   * Applies the provider's decision once: the row moves from pending in the statement that locks
   * it, with the ledger entry it calls for in the same transaction. `here` says this call decided
   * it (false: it was no longer pending); `main` is the main balance after its entry, if one.
   */
  private async resolve(
    pending: Pick<repo.TransferRow, 'id' | 'direction' | 'clientKey'>,
    outcome: Outcome,
  ): Promise<{ row: repo.TransferRow; here: boolean; main?: bigint }> {
    const { id, direction } = pending;
    const recall = isIdleRecallKey(pending.clientKey);
    const resolvedAt = this.clock.now();
    const settled = async (db: Db | Tx) => {
      const row = await repo.findTransfer(db, id);
      if (!row) throw new Error(`game transfer ${id} vanished`);
      return { row, here: false };
    };
    if (outcome.kind === 'success' && direction === 'in') {
      // A transfer in that went through moves no money now: one statement, no transaction.
      const row = await repo.decidePendingTransfer(this.db, id, { status: 'completed', resolvedAt });
      return row ? { row, here: true } : settled(this.db);
    }
    return inTransaction(this.db, async (work) => {
      if (outcome.kind === 'failed') {
        const row = await repo.decidePendingTransfer(work.tx, id, {
          status: 'failed',
          lastError: outcome.reason,
          resolvedAt,
        });
        if (!row) return settled(work.tx);
        if (direction === 'in') {
          const refund = await this.ledger.post(work, {
            memberId: row.memberId,
            amount: row.amount,
            type: 'game_refund',
            reference: { type: 'game_transfer', id },
            idempotencyKey: `game-transfer:${id}:refund`,
            remark: `转入游戏失败退回：${outcome.reason}`,
          });
          return { row, here: true, main: refund.balanceAfter };
        }
        return { row, here: true };
      }
      const row = await repo.decidePendingTransfer(work.tx, id, {
        status: 'completed',
        amount: outcome.amount,
        resolvedAt,
      });
      if (!row) return settled(work.tx);
      if (outcome.amount > 0n) {
        const credit = await this.ledger.post(work, {
          memberId: row.memberId,
          amount: outcome.amount,
          type: 'game_out',
          reference: { type: 'game_transfer', id },
          idempotencyKey: `game-transfer:${id}:credit`,
          remark: recall ? '离开游戏后闲置超时，游戏钱包余额自动转回主钱包' : '游戏钱包转出到主钱包',
        });
        // The member may not be in the app when the recall runs: the inbox tells them.
        if (recall)
          await this.messages.send(work, {
            memberId: row.memberId,
            type: 'finance',
            title: '游戏余额已转回主钱包',
            content: `您离开游戏后闲置超时，游戏钱包余额 ${formatYuan(outcome.amount)} 元已自动转回主钱包。`,
            dedupeKey: `game-transfer:${id}:recalled`,
          });
        return { row, here: true, main: credit.balanceAfter };
      }
      return { row, here: true };
    });
  }

  /** The transfer made earlier under the key, if it was the same request. */
  private replay(row: repo.TransferRow, direction: 'in' | 'out', amount: bigint): repo.TransferRow {
    const same = row.direction === direction && (row.everything ? amount === 0n : row.amount === amount);
    if (!same) throw refuse('idempotency.key_reused');
    return row;
  }

  /**
   * The answer to a transfer request: main and game balances as `known` carries them (what this
   * request saw), or read now (main from the ledger, the game wallet from the provider, null when
   * it does not answer in time).
   */
  private async answer(
    row: repo.TransferRow,
    known?: { main: bigint | undefined; game: bigint | null },
  ): Promise<{ view: NgTransferResultView; message: string }> {
    if (row.status === 'failed') {
      const cause = row.lastError ?? '游戏平台拒绝';
      throw refuse(row.direction === 'in' ? 'games.transfer_in_failed' : 'games.transfer_out_failed', {
        cause,
      });
    }
    const [main, game] = await Promise.all([
      known?.main ?? repo.mainBalanceOf(this.db, row.memberId),
      known?.game ?? this.gameBalance(row.memberId),
    ]);
    return {
      view: {
        transfer_id: row.id,
        type: row.direction,
        status: row.status,
        amount: formatFen(row.amount),
        main_balance: formatFen(main),
        game_balance: game === null ? null : formatFen(game),
      },
      message:
        row.status === 'pending'
          ? PENDING_MESSAGE
          : row.direction === 'out' && row.amount === 0n
            ? '游戏钱包没有可转出的余额'
            : row.direction === 'in'
              ? '转入成功'
              : '转出成功',
    };
  }
}
