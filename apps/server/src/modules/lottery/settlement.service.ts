import type { FastifyBaseLogger } from 'fastify';
import {
  findLottery,
  formatYuan,
  jobActor,
  type LotteryConfig,
  type NotificationEvent,
  privateUserChannel,
  REALTIME_EVENTS,
  settleBet,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import { addTurnover, announceFigures } from '../accounts/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { HeldPushes, MessagesService } from '../messages/index.ts';
import type { Broadcaster } from '../realtime/index.ts';
import { playOf, schedulePeriodOf } from './lottery.mapper.ts';
import * as bets from './bets.repo.ts';
import * as repo from './lottery.repo.ts';

/** Bets settled per transaction: large enough to amortise commits, small enough for short locks. */
const BET_BATCH = 2_500;
/** Batches settled side by side (PostgreSQL runs them in parallel; PGlite one after another). */
const BATCHES_AT_ONCE = 4;

export interface PeriodSettlement {
  /** Bets decided now (won, lost or refunded). */
  bets: number;
  won: number;
  paid: bigint;
  refunded: bigint;
  /** Every bet of the period is decided. */
  complete: boolean;
}

/**
 * Ledger idempotency keys. A batch pays each member once for their bets in it (one entry per
 * member and period, not one per bet); the key names the period, the member and the first of
 * those bets, which no later batch can contain again (its bets are no longer pending).
 */
export const payoutKey = (periodId: number, memberId: number, firstBetId: number) =>
  `lottery-payout:${periodId}:${memberId}:${firstBetId}`;
export const periodRefundKey = (periodId: number, memberId: number, firstBetId: number) =>
  `lottery-refund:${periodId}:${memberId}:${firstBetId}`;
/** A member's own cancel of one bet. */
export const refundKey = (betId: number) => `lottery-bet:${betId}:refund`;
/** Who refunds a cancelled period's bets: the scheduler's job (recorded on each bet). */
const REFUND_ACTOR = jobActor('lottery-scheduler');

/** What one batch decided. */
interface BatchOutcome {
  bets: number;
  won: number;
  paid: bigint;
  refunded: bigint;
}

interface MemberTotal {
  memberId: number;
  amount: bigint;
  bets: number;
  firstBetId: number;
}

/** Sums per member in member order (wallets are locked in that order: no deadlocks). */
function byMember(rows: ReadonlyArray<{ memberId: number; id: number; amount: bigint }>): MemberTotal[] {
  const totals = new Map<number, MemberTotal>();
  for (const row of rows) {
    const total = totals.get(row.memberId);
    if (total) {
      total.amount += row.amount;
      total.bets += 1;
      total.firstBetId = Math.min(total.firstBetId, row.id);
    } else {
      totals.set(row.memberId, { memberId: row.memberId, amount: row.amount, bets: 1, firstBetId: row.id });
    }
  }
  return [...totals.values()].sort((a, b) => a.memberId - b.memberId);
}

/**
 * The rules' verdict on a period's bets (shared `settleBet`), worked out once for every bet with
 * the same play, picks, multiple, unit and odds: the verdict is a pure function of those and the
 * period's open code, and a period's bets repeat them (大小单双, 和值, a popular number). Odds
 * snapshots are parsed once per distinct text.
 */
class PeriodVerdicts {
  private readonly verdicts = new Map<string, ReturnType<typeof settleBet> | Error>();
  private readonly odds = new Map<string, Record<string, number>>();
  private readonly schedulePeriod: ReturnType<typeof schedulePeriodOf>;

  constructor(
    readonly config: LotteryConfig,
    private readonly period: repo.PeriodRow,
  ) {
    this.schedulePeriod = schedulePeriodOf(config, period);
  }

  /** The bet's payout and winning items; throws what the rules throw for it. */
  of(bet: bets.BetToSettle): ReturnType<typeof settleBet> {
    const key = `${bet.playCode}\u0000${bet.codes}\u0000${bet.multiple}\u0000${bet.unitFen}\u0000${bet.oddsJson}`;
    let verdict = this.verdicts.get(key);
    if (verdict === undefined) {
      try {
        const play = playOf(this.config, bet.playCode, this.schedulePeriod);
        if (!play) throw new Error(`unknown play ${bet.playCode}`);
        verdict = settleBet(play, bet.codes, this.period.openCode!, bet.multiple, {
          unitFen: bet.unitFen,
          oddsX100: this.oddsOf(bet.oddsJson),
        });
      } catch (err) {
        verdict = err instanceof Error ? err : new Error(String(err));
      }
      this.verdicts.set(key, verdict);
    }
    if (verdict instanceof Error) throw verdict;
    return verdict;
  }

  private oddsOf(json: string): Record<string, number> {
    let odds = this.odds.get(json);
    if (!odds) {
      odds = JSON.parse(json) as Record<string, number>;
      this.odds.set(json, odds);
    }
    return odds;
  }
}

/**
 * Exactly-once settlement of a period's bets. Bets are taken in (member, id) order in batches;
 * each batch decides its bets with `WHERE status = 'pending'` (only the rows it flipped are
 * paid), credits each member's winnings in one ledger entry with an idempotency key, and adds
 * the turnover, in one transaction. Safe to re-run at any point after a crash.
 */
export class LotterySettlement {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly broadcaster: Broadcaster,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    private readonly messages: MessagesService,
    private readonly clock: Clock,
    private readonly events: EventBus,
    /**
     * 合买 (modules/syndicates): told, in each batch's transaction after its credits, which bets
     * it decided, so a plan whose bets are all decided splits its payout among its holders.
     */
    private readonly syndicates: {
      afterBets: (work: Work, betIds: readonly number[], now: Date) => Promise<void>;
    },
  ) {}

  async settlePeriod(periodId: number): Promise<PeriodSettlement> {
    const now = this.clock.now();
    const period = await repo.findPeriodById(this.db, periodId);
    const outcome: PeriodSettlement = { bets: 0, won: 0, paid: 0n, refunded: 0n, complete: false };
    if (!period || (period.status !== 'drawn' && period.status !== 'cancelled')) return outcome;
    const config = findLottery(period.lotteryCode);
    if (period.status === 'drawn' && (!config || !period.openCode)) {
      this.log.error(
        { lottery: period.lotteryCode },
        'drawn period of an unknown lottery, or without its open code, left unsettled',
      );
      return outcome;
    }
    const verdicts = period.status === 'drawn' ? new PeriodVerdicts(config!, period) : null;
    // Win messages are pushed once per member when the period is done, not once per batch.
    const pushes = this.messages.holdPushes();
    try {
      // Bounded by when the period sold, so PostgreSQL reads that month's partition of the bets.
      const window = bets.betWindowOf(period);
      const keys = await bets.pendingBetKeys(this.db, periodId, window);
      const perRound = BET_BATCH * BATCHES_AT_ONCE;
      const read = (round: number) => {
        const rows = bets.betsToSettle(
          this.db,
          keys.slice(round, round + perRound).map((k) => k.id),
          window,
        );
        // Awaited by the next round; if a batch of this one fails first, nothing awaits it.
        rows.catch(() => undefined);
        return rows;
      };
      // The next round's bets are read while this round's batches write.
      let reading = keys.length > 0 ? read(0) : null;
      for (let round = 0; reading; round += perRound) {
        const pending = await reading;
        reading = round + perRound < keys.length ? read(round + perRound) : null;
        const batches: bets.BetToSettle[][] = [];
        for (let i = 0; i < pending.length; i += BET_BATCH) batches.push(pending.slice(i, i + BET_BATCH));
        // Batches share at most the member at their edge, whose wallet they lock in member order.
        // Every batch of the round ends before the round does: a failed one is thrown once its
        // siblings have committed or failed, so nothing of this run writes after it gave up.
        const settled = await Promise.allSettled(
          batches.map((batch) =>
            period.status === 'drawn'
              ? this.settleBatch(batch, period, verdicts!, now, pushes)
              : this.refundBatch(
                  batch.map((b) => b.id),
                  period,
                  config,
                  now,
                ),
          ),
        );
        const failed = settled.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
        for (const { value: batch } of settled as Array<PromiseFulfilledResult<BatchOutcome>>) {
          outcome.bets += batch.bets;
          outcome.won += batch.won;
          outcome.paid += batch.paid;
          outcome.refunded += batch.refunded;
        }
      }
    } finally {
      await pushes.flush();
    }
    outcome.complete = await repo.markSettled(this.db, periodId, now);
    if (outcome.bets > 0) {
      this.log.info(
        {
          lottery: period.lotteryCode,
          period: period.number,
          bets: outcome.bets,
          paid: outcome.paid.toString(),
          refunded: outcome.refunded.toString(),
        },
        'lottery period settled',
      );
    }
    return outcome;
  }

  private async settleBatch(
    batch: bets.BetToSettle[],
    period: repo.PeriodRow,
    verdicts: PeriodVerdicts,
    now: Date,
    pushes: HeldPushes,
  ): Promise<BatchOutcome> {
    const config = verdicts.config;
    // The rules run before the transaction: it holds its locks for the writes alone.
    const decided: Array<{ bet: bets.BetToSettle; payout: bigint; items: number }> = [];
    for (const bet of batch) {
      try {
        const result = verdicts.of(bet);
        decided.push({ bet, payout: result.payoutFen, items: result.winningItems });
      } catch (err) {
        // A bet the rules cannot settle is a bug to look at, never a loss: it stays pending.
        this.log.error({ err, betId: bet.id }, 'lottery bet could not be settled');
      }
    }
    return inTransaction(
      this.db,
      async (work) => {
        const lost = decided.filter((d) => d.payout === 0n).map((d) => d.bet.id);
        const winners = decided.filter((d) => d.payout > 0n);
        const flipped = new Set<number>([
          ...(await bets.markBetsLost(work.tx, lost, bets.betWindowOf(period), now)),
          ...(await bets.markBetsWon(
            work.tx,
            winners.map((d) => ({ id: d.bet.id, payout: d.payout, items: d.items })),
            bets.betWindowOf(period),
            now,
          )),
        ]);
        const paying = byMember(
          winners
            .filter((d) => flipped.has(d.bet.id))
            .map((d) => ({ memberId: d.bet.memberId, id: d.bet.id, amount: d.payout })),
        );
        // One credit per member in the batch, all in one ledger call.
        await this.ledger.postMany(
          work,
          paying.map((total) => ({
            memberId: total.memberId,
            wallet: 'lottery' as const,
            amount: total.amount,
            type: 'payout' as const,
            reference: { type: 'lottery_period', id: `${period.lotteryCode}:${period.number}` },
            idempotencyKey: payoutKey(period.id, total.memberId, total.firstBetId),
            remark: `彩票派奖 ${config.name} 第${period.number}期 中奖${total.bets}注`,
          })),
        );
        let paid = 0n;
        for (const total of paying) paid += total.amount;
        // One inbox message per winning bet, keyed by the bet: a re-run sends none again.
        await this.messages.sendMany(
          work,
          winners
            .filter((d) => flipped.has(d.bet.id))
            .map(({ bet, payout, items }) => ({
              memberId: bet.memberId,
              type: 'betting' as const,
              title: '彩票中奖',
              content: `您投注的${config.name}第${period.number}期已中奖（中奖${items}注），派奖 ${formatYuan(payout)} 元已到账彩票钱包。`,
              link: `/pages/lottery/lottery-records?code=${period.lotteryCode}`,
              dedupeKey: `lottery-bet:${bet.id}:won`,
            })),
          pushes,
        );
        // Settled bets count as turnover (打码量): they raise totalgame and pay down codingvolume.
        // Losers too may reach a VIP level by it: their figures go to the VIP check.
        announceFigures(
          work,
          this.events,
          await addTurnover(
            work.tx,
            byMember(
              decided
                // A 合买 plan's bets counted as its holders' turnover when they were placed.
                .filter((d) => flipped.has(d.bet.id) && d.bet.syndicateId === null)
                .map((d) => ({ memberId: d.bet.memberId, id: d.bet.id, amount: d.bet.amount })),
            ),
          ),
        );
        await this.syndicates.afterBets(work, [...flipped], now);
        return {
          bets: flipped.size,
          won: winners.filter((d) => flipped.has(d.bet.id)).length,
          paid,
          refunded: 0n,
        };
      },
      this.log,
    );
  }

  /** Refunds the pending bets of a cancelled period and leaves each member one notice. */
  private async refundBatch(
    ids: number[],
    period: repo.PeriodRow,
    config: LotteryConfig | undefined,
    now: Date,
  ): Promise<BatchOutcome> {
    const name = config?.name ?? period.lotteryCode;
    const reason = period.cancelReason ?? `${name}第${period.number}期已取消`;
    return inTransaction(
      this.db,
      async (work) => {
        const rows = await bets.markBetsRefunded(
          work.tx,
          ids,
          bets.betWindowOf(period),
          { reason, by: REFUND_ACTOR },
          now,
        );
        let refunded = 0n;
        const totals = byMember(rows);
        for (const total of totals) {
          await this.ledger.post(work, {
            memberId: total.memberId,
            wallet: 'lottery',
            amount: total.amount,
            type: 'bet_refund',
            reference: { type: 'lottery_period', id: `${period.lotteryCode}:${period.number}` },
            idempotencyKey: periodRefundKey(period.id, total.memberId, total.firstBetId),
            remark: `开奖取消退款 ${name} 第${period.number}期 ${total.bets}注`,
          });
          refunded += total.amount;
        }
        if (totals.length > 0) {
          const title = `${name}第${period.number}期开奖取消`;
          const content = `${reason}。您在本期的投注已全额退回彩票钱包。`;
          const notices = await bets.insertNotices(
            work.tx,
            totals.map(({ memberId }) => ({ memberId, periodId: period.id, title, content, createdAt: now })),
          );
          work.afterCommit(async () => {
            for (const notice of notices) {
              const event: NotificationEvent = {
                id: `lottery-notice-${notice.id}`,
                title: notice.title,
                message: notice.content,
                type: 'lottery',
                timestamp: notice.createdAt.getTime(),
              };
              await this.broadcaster
                .publish(privateUserChannel(notice.memberId), REALTIME_EVENTS.notification, event)
                .catch((err: unknown) => this.log.warn({ err }, 'lottery notice not pushed'));
            }
          });
        }
        await this.syndicates.afterBets(
          work,
          rows.map((r) => r.id),
          now,
        );
        return { bets: rows.length, won: 0, paid: 0n, refunded };
      },
      this.log,
    );
  }
}
