import type { FastifyBaseLogger } from 'fastify';
import {
  commitment,
  currentPeriod,
  deriveOpenCode,
  findLottery,
  LOTTERIES,
  LOTTERY_EVENTS,
  nextPeriod,
  PUBLIC_CHANNELS,
  verifyDraw,
  type LotteryCancelledEvent,
  type LotteryConfig,
  type LotteryDrawnEvent,
  type LotteryPeriod,
  type LotteryPeriodEvent,
  type LotterySettledEvent,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Broadcaster } from '../realtime/index.ts';
import { lotteriesOnSale } from './catalog.ts';
import { deriveSeed, type DrawSeedKey } from './draw-seed.ts';
import { periodStatusAt } from './lottery.mapper.ts';
import * as repo from './lottery.repo.ts';
import type { LotterySettlement } from './settlement.service.ts';

export interface LotterySchedulerOptions {
  /** Periods are created (commitment published) this far ahead of their opening. */
  aheadMs: number;
  /** The key every period's seed is derived from (DRAW_SEED_KEY); never stored in the database. */
  seedKey: DrawSeedKey;
}

export interface TickReport {
  created: number;
  opened: number;
  closed: number;
  drawn: number;
  cancelled: number;
  settledBets: number;
}

/** The periods that should exist at `nowMs`: the current one and those opening within `aheadMs` (at least two). */
export function periodsToCreate(config: LotteryConfig, nowMs: number, aheadMs: number): LotteryPeriod[] {
  const periods = [currentPeriod(config, nowMs)];
  for (;;) {
    const next = nextPeriod(config, periods[periods.length - 1]!);
    if (periods.length >= 2 && next.openAt > nowMs + aheadMs) break;
    periods.push(next);
    if (periods.length >= 60) break;
  }
  return periods;
}

/**
 * The lottery's clock. Each tick creates upcoming periods with the SHA-256 commitment of their
 * seed (the seed itself is derived from the draw seed key and stored only at the draw), opens and
 * closes (封盘) them on time, draws every due period by deriving its seed again and its open code
 * from it (a period whose seed does not match its commitment, or whose draw cannot be verified,
 * is cancelled and refunded), settles drawn periods and announces each step on `lottery.<code>`.
 */
export class LotteryScheduler {
  private gamesReady = false;
  /** Period numbers known to exist, per lottery, for the current window (spares inserts). */
  private readonly known = new Map<string, Set<string>>();

  constructor(
    private readonly db: Db,
    private readonly settlement: LotterySettlement,
    private readonly broadcaster: Broadcaster,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    private readonly clock: Clock,
    private readonly options: LotterySchedulerOptions,
  ) {}

  /**
   * One pass at the clock's time (tests may pass their own `now`). `codes` limits the pass to
   * some lotteries (tests that share a database each drive their own).
   */
  async tick(now = this.clock.now(), options: { codes?: readonly string[] } = {}): Promise<TickReport> {
    const { codes } = options;
    await this.syncGames();
    const configs = lotteriesOnSale(await repo.gameRows(this.db)).filter(
      (l) => !codes || codes.includes(l.code),
    );
    const report: TickReport = { created: 0, opened: 0, closed: 0, drawn: 0, cancelled: 0, settledBets: 0 };
    for (const config of configs) report.created += await this.createPeriods(config, now);

    for (const row of await repo.openDue(this.db, now, codes)) {
      report.opened++;
      await this.publish(row.lotteryCode, LOTTERY_EVENTS.opened, this.periodEvent(row, now));
    }
    for (const row of await repo.closeDue(this.db, now, codes)) {
      report.closed++;
      await this.publish(row.lotteryCode, LOTTERY_EVENTS.closed, this.periodEvent(row, now));
    }
    for (const due of await repo.dueForDraw(this.db, now, codes)) {
      const row = await this.draw(due, now);
      if (row?.status === 'drawn' && row.seed && row.openCode) {
        report.drawn++;
        const event: LotteryDrawnEvent = {
          code: row.lotteryCode,
          period: row.number,
          open_code: row.openCode,
          seed: row.seed,
          commitment: row.commitment,
          drawn_at: row.drawnAt!.getTime(),
        };
        await this.publish(row.lotteryCode, LOTTERY_EVENTS.drawn, event);
      } else if (row?.status === 'cancelled') {
        report.cancelled++;
        const event: LotteryCancelledEvent = {
          code: row.lotteryCode,
          period: row.number,
          reason: row.cancelReason ?? '',
        };
        await this.publish(row.lotteryCode, LOTTERY_EVENTS.cancelled, event);
      }
    }
    for (const period of await repo.unsettledPeriods(this.db, codes)) {
      const outcome = await this.settlement.settlePeriod(period.id);
      report.settledBets += outcome.bets;
      if (outcome.complete) {
        const event: LotterySettledEvent = {
          code: period.lotteryCode,
          period: period.number,
          bets: outcome.bets,
        };
        await this.publish(period.lotteryCode, LOTTERY_EVENTS.settled, event);
      }
    }
    return report;
  }

  /** Mirrors the shared lottery configs into lottery_games (once per process). */
  async syncGames(): Promise<void> {
    if (this.gamesReady) return;
    await repo.upsertGames(
      this.db,
      LOTTERIES.map((l, sort) => ({ code: l.code, name: l.name, family: l.family, sort })),
    );
    this.gamesReady = true;
  }

  private async createPeriods(config: LotteryConfig, now: Date): Promise<number> {
    const wanted = periodsToCreate(config, now.getTime(), this.options.aheadMs);
    const known = this.known.get(config.code) ?? new Set<string>();
    const missing = wanted.filter((p) => !known.has(p.number));
    let created = 0;
    if (missing.length > 0) {
      const rows = await repo.insertPeriods(
        this.db,
        // Only the commitment: the seed is derived again at the draw, never stored before it.
        missing.map((p) => ({
          lotteryCode: config.code,
          number: p.number,
          openAt: new Date(p.openAt),
          closeAt: new Date(p.closeAt),
          drawAt: new Date(p.drawAt),
          commitment: commitment(this.seedOf(config.code, p.number)),
        })),
      );
      created = rows.length;
    }
    this.known.set(config.code, new Set(wanted.map((p) => p.number)));
    return created;
  }

  private seedOf(code: string, number: string): string {
    return deriveSeed(this.options.seedKey.key, code, number);
  }

  /**
   * Draws a due period: its seed is derived from the key again and must hash to the commitment
   * published at creation; the open code is the one that seed derives, checked as anyone will
   * check it. Seed, open code and status are written together, once (the status guard and a
   * database trigger). A seed that does not match (the key changed; a period whose stored seed
   * was wiped) or any other failure cancels the period instead, and its bets are refunded.
   */
  private async draw(row: repo.PeriodRow, now: Date): Promise<repo.PeriodRow | undefined> {
    const config = findLottery(row.lotteryCode);
    let drawn: { seed: string; openCode: string } | null = null;
    let failure: string | null = null;
    if (!config) {
      failure = '彩种已停售';
    } else {
      try {
        const seed = this.seedOf(row.lotteryCode, row.number);
        const derived = deriveOpenCode(config.family, seed, row.number);
        const check = verifyDraw(config.family, seed, row.commitment, row.number, derived);
        if (check.ok) drawn = { seed, openCode: derived };
        else failure = check.message;
        if (!check.ok && check.reason === 'commitment') {
          this.log.error(
            { lottery: row.lotteryCode, period: row.number, keyId: this.options.seedKey.id },
            'lottery seed does not match its commitment: the period was committed under another DRAW_SEED_KEY',
          );
        }
      } catch (err) {
        failure = '开奖数据校验失败';
        this.log.error({ err, lottery: row.lotteryCode, period: row.number }, 'lottery draw failed');
      }
    }
    const name = config?.name ?? row.lotteryCode;
    const updated = await inTransaction(this.db, async ({ tx }) => {
      // Waits for bets still in flight on this period; none can start after.
      await repo.exclusivePeriodLock(tx, row.id);
      return repo.decidePeriod(
        tx,
        row.id,
        drawn
          ? { status: 'drawn', seed: drawn.seed, openCode: drawn.openCode, drawnAt: now }
          : {
              status: 'cancelled',
              cancelReason: `${name}第${row.number}期开奖失败（${failure}），本期已取消`,
            },
      );
    });
    if (updated && !drawn) {
      this.log.error({ lottery: row.lotteryCode, period: row.number, failure }, 'lottery period cancelled');
    }
    return updated;
  }

  private periodEvent(row: repo.PeriodRow, now: Date): LotteryPeriodEvent {
    return {
      code: row.lotteryCode,
      period: row.number,
      status: periodStatusAt(row, now.getTime()),
      open_at: row.openAt.getTime(),
      close_at: row.closeAt.getTime(),
      draw_at: row.drawAt.getTime(),
      commitment: row.commitment,
    };
  }

  private async publish(code: string, event: string, data: unknown): Promise<void> {
    try {
      await this.broadcaster.publish(PUBLIC_CHANNELS.lottery(code), event, data);
    } catch (err) {
      this.log.warn({ err, event }, 'lottery event not published');
    }
  }
}
