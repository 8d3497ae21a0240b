import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './games.repo.ts';
import { withTimeout, type GameProvider } from './provider/provider.ts';
import { IDLE_RECALL_KEY_PREFIX, type GameTransferService } from './transfers.service.ts';

export interface IdleRecallOptions {
  /** How long a member must have done nothing before their game wallet is emptied; 0: never. */
  idleRecallMs: number;
  /** One provider call's time limit (the activity question). */
  timeoutMs: number;
}

export interface IdleRecallTally {
  /** Wallets that may hold money left behind, quiet on our side. */
  checked: number;
  /** Emptied now: their transfers completed with money moved. */
  recalled: number;
  /** 分 moved back to main by this run. */
  amount: bigint;
  /** Left alone: the provider saw play within the window, or could not say. */
  active: number;
  /** Transfers left pending (no answer in time; reconciliation finishes them) or refused. */
  unsettled: number;
}

/** Members read per statement; a run goes through them all. */
const BATCH = 500;

/**
 * The idle recall (a leader job): money a member left in the game wallet — the tab closed, the
 * phone locked, the app killed before the automatic transfer-out — goes back to the main wallet
 * once the member has done nothing for `idleRecallMs`: no transfer, no game launch on our side,
 * and no round at the provider (asked each time: the member may play on in one launch for hours).
 * The money moves through the very transfer 全部转出 makes (`recallEverything`: pending row, the
 * provider's "everything out", ledger credit with the row's completion), keyed by the member's
 * latest transfer, so two runs that race (two processes, a leadership hand-over) make one
 * transfer, and one that races the member's own 全部转出 moves nothing more: the provider empties
 * a wallet once. A wallet the provider cannot speak for is left for the next run.
 */
export class GameIdleRecall {
  constructor(
    private readonly db: Db,
    private readonly transfers: Pick<GameTransferService, 'recallEverything'>,
    private readonly provider: Pick<GameProvider, 'lastActivity'>,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    private readonly options: IdleRecallOptions,
  ) {}

  async run(now = this.clock.now(), opts: { memberId?: number } = {}): Promise<IdleRecallTally> {
    const tally: IdleRecallTally = { checked: 0, recalled: 0, amount: 0n, active: 0, unsettled: 0 };
    if (this.options.idleRecallMs <= 0) return tally;
    const quietSince = new Date(now.getTime() - this.options.idleRecallMs);
    let after = 0;
    for (;;) {
      const batch = await repo.idleWalletCandidates(this.db, quietSince, after, BATCH, opts.memberId);
      for (const candidate of batch) {
        tally.checked++;
        await this.recallOne(candidate, quietSince, tally);
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1]!.memberId;
    }
    if (tally.checked)
      this.log.info({ ...tally, amount: tally.amount.toString() }, 'idle game wallets checked');
    return tally;
  }

  private async recallOne(
    candidate: repo.IdleWalletCandidate,
    quietSince: Date,
    tally: IdleRecallTally,
  ): Promise<void> {
    const { memberId } = candidate;
    const lastPlayed = await withTimeout(
      this.provider.lastActivity(memberId),
      this.options.timeoutMs,
      'last activity',
      this.clock,
    ).catch((err: unknown) => {
      this.log.warn({ memberId, err: String(err) }, 'game activity unknown; wallet left for the next run');
      return 'unknown' as const;
    });
    if (lastPlayed === 'unknown' || (lastPlayed && lastPlayed > quietSince)) {
      tally.active++;
      return;
    }
    try {
      const row = await this.transfers.recallEverything(
        memberId,
        `${IDLE_RECALL_KEY_PREFIX}${candidate.latestTransferId}`,
      );
      if (row.status !== 'completed') {
        tally.unsettled++;
        this.log.warn(
          { memberId, transfer: row.id, status: row.status },
          'idle game wallet recall unsettled',
        );
        return;
      }
      if (row.amount > 0n) {
        tally.recalled++;
        tally.amount += row.amount;
      }
      // Audit trail: this line, the transfer row (its idle-recall key), the ledger entry's remark.
      this.log.info(
        { memberId, transfer: row.id, amount: row.amount.toString() },
        'idle game wallet recalled to main',
      );
    } catch (err) {
      tally.unsettled++;
      this.log.warn({ memberId, err: String(err) }, 'idle game wallet recall refused');
    }
  }
}
