import { walletsOf } from '../ledger/ledger.repo.ts';
import { randomBytes } from 'node:crypto';
import { formatFen, MESSAGES, type NgBalance, type NgTransferResultView } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { AppError, badRequest, PG_UNIQUE_VIOLATION, pgErrorCode, unprocessable } from '../../lib/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import * as repo from './games.repo.ts';
import { assertMayPlay } from './games.rules.ts';
import {
  ProviderRejected,
  ProviderUnavailable,
  withTimeout,
  type GameProvider,
  type ProviderTransfer,
} from './provider/provider.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ResponsiblePlayService } from '../responsible/responsible.service.ts';

export interface TransferOptions {
  /** How long one provider call may take before the transfer is left pending. */
  timeoutMs: number;
  /** Pending transfers younger than this are left to the request still working on them. */
  reconcileAfterMs: number;
}

type Outcome = { kind: 'success'; amount: bigint } | { kind: 'failed'; reason: string };

const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,128}$/;
const PENDING_MESSAGE = '转账处理中，请稍后查看余额';

/**
 * Transfers between the main wallet and the provider's wallet, two-phase:
 * - in: main is debited together with a `pending` row; the provider's confirmation completes it,
 *   a definite refusal refunds main, silence leaves it pending for `reconcile`.
 * - out: a `pending` row first; main is credited only with the provider's confirmation.
 * The provider is idempotent by our transfer id, and every completion runs on the locked row
 * with ledger idempotency keys, so nothing is lost or moved twice whoever finishes it.
 */
export class GameTransferService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly provider: GameProvider,
    private readonly options: TransferOptions,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly clock: Clock,
    private readonly responsible: Pick<ResponsiblePlayService, 'assertMayPlay' | 'precheck'>,
  ) {}

  async transfer(
    memberId: number,
    direction: 'in' | 'out',
    amount: bigint,
    clientKey: string | undefined,
  ): Promise<{ view: NgTransferResultView; message: string }> {
    if (clientKey !== undefined && !KEY_PATTERN.test(clientKey))
      throw badRequest('Idempotency-Key 须为8-128位字母、数字或 _-:.');
    if (direction === 'in') {
      await assertMayPlay(this.db, memberId);
      if (amount <= 0n) throw unprocessable('转入金额须大于0');
    }
    if (clientKey) {
      const earlier = await repo.findTransferByClientKey(this.db, memberId, clientKey);
      if (earlier) return this.replay(earlier, direction, amount);
    }
    // A transfer the main wallet cannot cover is refused before the provider hears of it (the
    // ledger still decides under its lock; this only spares the provider a refused call).
    if (direction === 'in') {
      const main = (await walletsOf(this.db, memberId)).find((w) => w.kind === 'main')?.balance ?? 0n;
      if (main < amount) throw unprocessable('主钱包余额不足');
      // Money moved into a game is staked there: a time-out, self-exclusion or the member's own
      // limits refuse it before the provider hears of it (and again under the limits' lock below).
      await this.responsible.precheck(memberId, this.clock.now(), { kind: 'stake', amount });
    }
    await this.provider.createPlayer(memberId).catch(() => undefined);

    const now = this.clock.now();
    const id = `gt_${memberId}_${now.getTime().toString(36)}_${randomBytes(6).toString('hex')}`;
    let row: repo.TransferRow;
    try {
      row = await inTransaction(this.db, async (work) => {
        if (direction === 'in')
          await this.responsible.assertMayPlay(work, memberId, now, { kind: 'stake', amount });
        const created = await repo.insertTransfer(work.tx, {
          id,
          memberId,
          provider: this.provider.code,
          direction,
          amount,
          everything: direction === 'out' && amount === 0n ? 1 : 0,
          clientKey: clientKey ?? null,
          createdAt: now,
        });
        if (direction === 'in') {
          await this.ledger.post(work, {
            memberId,
            amount: -amount,
            type: 'game_in',
            reference: { type: 'game_transfer', id },
            idempotencyKey: `game-transfer:${id}:debit`,
            remark: '主钱包转入游戏钱包',
          });
        }
        return created;
      });
    } catch (err) {
      if (err instanceof AppError && err.message === MESSAGES.insufficientBalance)
        throw unprocessable('主钱包余额不足');
      if (clientKey && pgErrorCode(err) === PG_UNIQUE_VIOLATION) {
        const earlier = await repo.findTransferByClientKey(this.db, memberId, clientKey);
        if (earlier) return this.replay(earlier, direction, amount);
      }
      throw err;
    }

    const outcome = await this.ask(row, () =>
      direction === 'in'
        ? this.provider.transferIn(id, memberId, amount)
        : this.provider.transferOut(id, memberId, amount === 0n ? 'all' : amount),
    );
    const final = outcome ? await this.resolve(id, outcome) : row;
    return this.answer(final);
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
      const final = outcome ? await this.resolve(row.id, outcome) : row;
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
      withTimeout(this.provider.balance(memberId), this.options.timeoutMs, 'balance', this.clock).catch(
        () => null,
      ),
    ]);
    return {
      main_balance: formatFen(balances.get('main') ?? 0n),
      game_balance: game === null ? null : formatFen(game),
      pending_in: formatFen(pending.amount),
      pending_count: pending.count,
      provider_available: game !== null,
    };
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

  /** Applies the provider's decision once, on the locked row. */
  private async resolve(id: string, outcome: Outcome): Promise<repo.TransferRow> {
    return inTransaction(this.db, async (work) => {
      const row = await repo.lockTransfer(work.tx, id);
      if (!row) throw new Error(`game transfer ${id} vanished`);
      if (row.status !== 'pending') return row;
      const resolvedAt = this.clock.now();
      if (outcome.kind === 'failed') {
        if (row.direction === 'in') {
          await this.ledger.post(work, {
            memberId: row.memberId,
            amount: row.amount,
            type: 'game_refund',
            reference: { type: 'game_transfer', id },
            idempotencyKey: `game-transfer:${id}:refund`,
            remark: `转入游戏失败退回：${outcome.reason}`,
          });
        }
        const changes = { status: 'failed' as const, lastError: outcome.reason, resolvedAt };
        await repo.updateTransfer(work.tx, id, changes);
        return { ...row, ...changes };
      }
      if (row.direction === 'out' && outcome.amount > 0n) {
        await this.ledger.post(work, {
          memberId: row.memberId,
          amount: outcome.amount,
          type: 'game_out',
          reference: { type: 'game_transfer', id },
          idempotencyKey: `game-transfer:${id}:credit`,
          remark: '游戏钱包转出到主钱包',
        });
      }
      const amount = row.direction === 'out' ? outcome.amount : row.amount;
      const changes = { status: 'completed' as const, amount, resolvedAt };
      await repo.updateTransfer(work.tx, id, changes);
      return { ...row, ...changes };
    });
  }

  private async replay(row: repo.TransferRow, direction: 'in' | 'out', amount: bigint) {
    const same = row.direction === direction && (row.everything ? amount === 0n : row.amount === amount);
    if (!same) throw unprocessable(MESSAGES.idempotencyMismatch);
    return this.answer(row);
  }

  private async answer(row: repo.TransferRow): Promise<{ view: NgTransferResultView; message: string }> {
    if (row.status === 'failed') {
      throw unprocessable(
        row.direction === 'in'
          ? `转入失败（${row.lastError ?? '游戏平台拒绝'}），资金已退回主钱包`
          : `转出失败：${row.lastError ?? '游戏平台拒绝'}`,
      );
    }
    const balance = await this.balance(row.memberId);
    return {
      view: {
        transfer_id: row.id,
        type: row.direction,
        status: row.status,
        amount: formatFen(row.amount),
        main_balance: balance.main_balance,
        game_balance: balance.game_balance,
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
