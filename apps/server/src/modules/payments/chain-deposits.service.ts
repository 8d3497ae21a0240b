import { formatFen, formatRate } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { SOLIDIFIED_CONFIRMATIONS, type ChainTransfer, type UsdtChain } from './chain.ts';
import type { FinanceSettingsService } from './finance-settings.service.ts';
import * as repo from './payments.repo.ts';
import type { PaymentsService } from './payments.service.ts';

/** Addresses read at once, and most addresses one run reads. */
const WATCH_IN_FLIGHT = 4;
const WATCH_BATCH = 500;

export interface ChainDepositOptions {
  /** USDT cents below which a transfer is logged and not credited. */
  minCents: bigint;
  /** How long after the member last asked for it an address is watched. */
  watchMs: number;
}

/**
 * USDT-TRC20 deposits seen on chain (USDT_DEPOSITS=trongrid): each member's own address, derived
 * from the operator's xpub, and the watcher that credits each confirmed transfer to it once, by
 * transaction id. What is listed and not credited (another token, below the minimum) is kept in
 * the callback log (gateway `trongrid`), which the console shows with the gateways' notifications.
 */
export class ChainDepositsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly chain: UsdtChain | null,
    private readonly settings: FinanceSettingsService,
    private readonly payments: PaymentsService,
    private readonly options: ChainDepositOptions,
  ) {}

  get enabled(): boolean {
    return this.chain !== null;
  }

  /** The member's own deposit address (made on first ask), watched from now for the watch period. */
  async addressOf(memberId: number) {
    const chain = this.chain;
    if (!chain) throw refuse('payments.usdt_chain_off');
    const now = this.clock.now();
    const watchUntil = new Date(now.getTime() + this.options.watchMs);
    let row = await repo.findDepositAddress(this.db, memberId);
    if (!row) {
      const derivationIndex = await repo.nextDepositAddressIndex(this.db);
      await repo.insertDepositAddress(this.db, {
        memberId,
        derivationIndex,
        address: chain.addressAt(derivationIndex),
        watchUntil,
        createdAt: now,
      });
      row = (await repo.findDepositAddress(this.db, memberId))!;
    } else {
      await repo.watchDepositAddress(this.db, memberId, watchUntil);
    }
    const rules = await this.settings.rules();
    return {
      network: chain.network,
      address: row.address,
      min_amount: formatFen(this.options.minCents),
      rate: formatRate(rules.usdtDepositRate),
    };
  }

  /** One pass of the watcher over the watched addresses; what it found, counted. */
  async watch() {
    const chain = this.chain;
    const tally = { addresses: 0, credited: 0, duplicate: 0, ignored: 0, unanswered: 0, waiting: 0 };
    if (!chain) return tally;
    const watched = await repo.watchedDepositAddresses(this.db, this.clock.now(), WATCH_BATCH);
    let next = 0;
    const readOne = async () => {
      const row = watched[next++]!;
      tally.addresses += 1;
      let listed;
      let ready: ChainTransfer[];
      try {
        listed = await chain.incoming(row.address, row.cursorMs);
        ready = await this.deepEnough(chain, listed.transfers);
      } catch (err) {
        tally.unanswered += 1;
        this.log.warn({ memberId: row.memberId, err }, 'USDT deposit address could not be read');
        return;
      }
      tally.waiting += listed.transfers.length - ready.length;
      let cursor = row.cursorMs;
      for (const transfer of ready) {
        const outcome = await this.take(row.memberId, row.address, transfer, chain.decimals);
        tally[outcome] += 1;
        cursor = Math.max(cursor, transfer.blockTimestamp);
      }
      for (const item of listed.ignored) {
        tally.ignored += 1;
        // Listed again while the cursor stays on its block: logged once.
        if (item.txId && (await repo.findCallbackOf(this.db, 'trongrid', item.txId))) continue;
        await this.record(row.address, item.txId, 'ignored', { reason: item.reason, token: item.token });
      }
      // Re-reading the last block's time next pass is harmless: credits are keyed by transaction.
      if (cursor > row.cursorMs) await repo.advanceDepositCursor(this.db, row.memberId, cursor);
    };
    await Promise.all(
      Array.from({ length: Math.min(WATCH_IN_FLIGHT, watched.length) }, async () => {
        while (next < watched.length) await readOne();
      }),
    );
    return tally;
  }

  /**
   * The listed (solidified) transfers that are deep enough to credit, oldest first. Up to
   * solidification all of them; with USDT_CHAIN_CONFIRMATIONS above it, those before the first
   * one short of head − block + 1 confirmations (the cursor stops there, so it is read again).
   */
  private async deepEnough(chain: UsdtChain, transfers: ChainTransfer[]): Promise<ChainTransfer[]> {
    if (chain.confirmations <= SOLIDIFIED_CONFIRMATIONS || transfers.length === 0) return transfers;
    const unseen: string[] = [];
    for (const t of transfers) if (!(await repo.findOrderByTxHash(this.db, t.txId))) unseen.push(t.txId);
    const depth = await chain.confirmationsOf(unseen);
    const short = transfers.findIndex((t) => {
      if (!depth.has(t.txId)) return false; // credited already
      const n = depth.get(t.txId);
      return n === null || n === undefined || n < chain.confirmations;
    });
    return short < 0 ? transfers : transfers.slice(0, short);
  }

  private async take(
    memberId: number,
    address: string,
    transfer: ChainTransfer,
    decimals: number,
  ): Promise<'credited' | 'duplicate' | 'ignored'> {
    // Whole USDT cents (0.01): what the orders and the rate are kept in; the rest is not credited.
    const usdtCents = transfer.value / 10n ** BigInt(Math.max(0, decimals - 2));
    const detail = { from: transfer.from, usdt: formatFen(usdtCents), block_ms: transfer.blockTimestamp };
    if (usdtCents < this.options.minCents) {
      if (!(await repo.findCallbackOf(this.db, 'trongrid', transfer.txId)))
        await this.record(address, transfer.txId, 'below_minimum', detail);
      return 'ignored';
    }
    const outcome = await this.payments.creditChainTransfer(memberId, {
      txId: transfer.txId,
      usdtCents,
      confirmedAt: new Date(transfer.blockTimestamp),
    });
    if (outcome === 'credited') await this.record(address, transfer.txId, 'credited', detail);
    return outcome;
  }

  private record(address: string, txId: string | null, outcome: string, detail: Record<string, unknown>) {
    return repo.logCallback(this.db, {
      gateway: 'trongrid',
      orderNo: txId,
      payload: { source: 'chain', address, tx_id: txId, ...detail },
      signatureValid: true,
      outcome,
      ip: null,
      createdAt: this.clock.now(),
    });
  }
}
