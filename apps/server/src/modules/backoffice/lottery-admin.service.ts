import {
  findLottery,
  formatFen,
  LOTTERY_EVENTS,
  LOTTERY_FAMILIES,
  PERIOD_STATUS_TEXT,
  PUBLIC_CHANNELS,
  scheduleProblem,
  type LotteryCancelledEvent,
  type PeriodStatusView,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { catalog, maxCloseSeconds } from '../lottery/catalog.ts';
import { scheduleText } from '../lottery/lottery.mapper.ts';
import * as lotteryRepo from '../lottery/lottery.repo.ts';
import type { LotterySettlement } from '../lottery/settlement.service.ts';
import type { OperatorsService } from '../operators/operators.service.ts';
import type { Broadcaster } from '../realtime/broadcaster.ts';
import * as repo from './lottery-admin.repo.ts';
import type { OperatorCall } from './security.service.ts';

/** A period may be cancelled by an operator once its draw is this late (the scheduler draws on time). */
export const OVERDUE_GRACE_MS = 60_000;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function statusAt(row: repo.AdminPeriodRow, nowMs: number): PeriodStatusView {
  if (row.status === 'drawn' || row.status === 'cancelled') return row.status;
  if (nowMs < new Date(row.open_at).getTime()) return 'pending';
  if (nowMs < new Date(row.close_at).getTime() && row.status !== 'closed') return 'open';
  if (nowMs < new Date(row.draw_at).getTime()) return 'closed';
  return 'drawing';
}

/**
 * Lottery operations: games (sale switch, order, 封盘 seconds) and periods with their commitment,
 * revealed seed, open code and settlement state. The only decision on a period is cancelling one
 * whose draw failed, which refunds every bet; no operator can set or change an open code (it is
 * derived from the seed committed before sales opened, and a trigger keeps it).
 */
export class LotteryAdminService {
  constructor(
    private readonly db: Db,
    private readonly settlement: LotterySettlement,
    private readonly operators: OperatorsService,
    private readonly broadcaster: Broadcaster,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly clock: Clock,
  ) {}

  async games() {
    const now = this.clock.now();
    const [rows, pending] = await Promise.all([
      lotteryRepo.gameRows(this.db),
      repo.pendingByLottery(this.db),
    ]);
    const games = catalog(rows);
    const current = await Promise.all(
      games.map(({ config }) => lotteryRepo.periodAt(this.db, config.code, now)),
    );
    return {
      list: games.map(({ config, row }, i) => {
        const base = findLottery(config.code)!;
        const open = pending.get(config.code);
        return {
          code: config.code,
          name: config.name,
          family: config.family,
          family_name: LOTTERY_FAMILIES[config.family].name,
          enabled: row?.enabled ?? true,
          sort: row?.sort ?? i,
          schedule_text: scheduleText(config),
          interval_seconds: config.schedule.kind === 'interval' ? config.schedule.intervalSeconds : null,
          close_seconds: config.closeSeconds,
          default_close_seconds: base.closeSeconds,
          max_close_seconds: maxCloseSeconds(base),
          current_period: current[i]?.number ?? null,
          pending_bets: open?.bets ?? 0,
          pending_stake: formatFen(open?.stake ?? 0n),
        };
      }),
    };
  }

  /**
   * Changes a game's sale switch, order or 封盘 seconds, audited with before → after. A new 封盘
   * applies to periods created from now on: a period's times are part of its committed draw
   * material (a trigger keeps them), so those already scheduled keep theirs.
   */
  async updateGame(
    code: string,
    b: {
      enabled?: boolean | undefined;
      sort?: number | undefined;
      close_seconds?: number | null | undefined;
      reason: string;
    },
    call: OperatorCall,
  ) {
    const config = findLottery(code);
    if (!config) throw notFound('彩种不存在');
    if (b.close_seconds !== undefined && b.close_seconds !== null) {
      const problem = scheduleProblem({ ...config, closeSeconds: b.close_seconds });
      if (problem) throw unprocessable(`封盘时间须小于${maxCloseSeconds(config) + 1}秒`);
    }
    await inTransaction(this.db, async (work) => {
      const before = await lotteryRepo.lockGame(work.tx, code);
      if (!before) throw notFound('彩种不存在');
      const after = await lotteryRepo.updateGame(work.tx, code, {
        ...(b.enabled !== undefined ? { enabled: b.enabled } : {}),
        ...(b.sort !== undefined ? { sort: b.sort } : {}),
        ...(b.close_seconds !== undefined ? { closeSeconds: b.close_seconds } : {}),
      });
      const view = (r: lotteryRepo.GameRow) => ({
        enabled: r.enabled,
        sort: r.sort,
        close_seconds: r.closeSeconds ?? config.closeSeconds,
      });
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'lottery.game.update',
        targetType: 'lottery_game',
        targetId: code,
        reason: b.reason,
        detail: { before: view(before), after: view(after) },
        ip: call.ip,
      });
    });
    return this.games();
  }

  async periods(q: repo.PeriodFilter) {
    const now = this.clock.now();
    const { rows, total } = await repo.pagePeriods(this.db, q, now, OVERDUE_GRACE_MS);
    return pageOf(
      rows.map((r) => {
        const status = statusAt(r, now.getTime());
        return {
          id: Number(r.id),
          code: r.lottery_code,
          name: findLottery(r.lottery_code)?.name ?? r.lottery_code,
          number: r.number,
          status,
          status_text: PERIOD_STATUS_TEXT[status],
          open_at: iso(r.open_at)!,
          close_at: iso(r.close_at)!,
          draw_at: iso(r.draw_at)!,
          commitment: r.commitment,
          seed: r.seed,
          open_code: r.status === 'drawn' ? r.open_code : null,
          drawn_at: iso(r.drawn_at),
          settled_at: iso(r.settled_at),
          cancel_reason: r.cancel_reason,
          overdue: this.overdue(r.status, new Date(r.draw_at), now),
          bets: Number(r.bets),
          stake: formatFen(BigInt(r.stake ?? 0)),
          payout: formatFen(BigInt(r.payout ?? 0)),
          pending_bets: Number(r.pending_bets),
        };
      }),
      total,
      q,
    );
  }

  private overdue(status: string, drawAt: Date, now: Date): boolean {
    return (
      ['pending', 'open', 'closed'].includes(status) && now.getTime() - drawAt.getTime() >= OVERDUE_GRACE_MS
    );
  }

  private async cancellable(periodId: number) {
    const period = await lotteryRepo.findPeriodById(this.db, periodId);
    if (!period) throw notFound('期号不存在');
    if (period.status === 'drawn') throw conflict('该期已开奖，不能取消');
    if (period.status === 'cancelled') throw conflict('该期已取消');
    if (!this.overdue(period.status, period.drawAt, this.clock.now()))
      throw conflict('只能取消开奖时间已过1分钟仍未开奖的期号');
    return period;
  }

  /** What cancelling the period refunds (bets, members, amount), before the operator confirms. */
  async cancelPreview(periodId: number) {
    const period = await this.cancellable(periodId);
    const pending = await repo.pendingOfPeriod(this.db, periodId);
    return {
      period: period.number,
      bets: pending.bets,
      members: pending.members,
      amount: formatFen(pending.amount),
    };
  }

  /**
   * Cancels a period whose draw failed: decided once under the period's exclusive lock (no bet
   * in flight), audited in that transaction; then every bet is refunded by the exactly-once
   * settlement, each member notified, and `lottery.<code>` told.
   */
  async cancel(periodId: number, reason: string, call: OperatorCall) {
    const period = await this.cancellable(periodId);
    const name = findLottery(period.lotteryCode)?.name ?? period.lotteryCode;
    const preview = await inTransaction(this.db, async (work) => {
      await lotteryRepo.exclusivePeriodLock(work.tx, periodId);
      const pending = await repo.pendingOfPeriod(work.tx, periodId);
      const decided = await lotteryRepo.decidePeriod(work.tx, periodId, {
        status: 'cancelled',
        cancelReason: `${name}第${period.number}期开奖失败，本期已取消（${reason}）`,
      });
      if (!decided) throw conflict('该期状态已变化，请刷新后重试');
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'lottery.period.cancel',
        targetType: 'lottery_period',
        targetId: periodId,
        reason,
        detail: {
          lottery: period.lotteryCode,
          period: period.number,
          refund_bets: pending.bets,
          refund_members: pending.members,
          refund_amount: formatFen(pending.amount),
        },
        ip: call.ip,
      });
      return {
        period: period.number,
        bets: pending.bets,
        members: pending.members,
        amount: formatFen(pending.amount),
        reason: decided.cancelReason ?? '',
      };
    });
    // Refunds now; the scheduler's sweep of unsettled periods finishes them if this is cut short.
    await this.settlement.settlePeriod(periodId);
    const event: LotteryCancelledEvent = {
      code: period.lotteryCode,
      period: period.number,
      reason: preview.reason,
    };
    try {
      await this.broadcaster.publish(
        PUBLIC_CHANNELS.lottery(period.lotteryCode),
        LOTTERY_EVENTS.cancelled,
        event,
      );
    } catch (err) {
      this.log.warn({ err }, 'lottery cancel not published');
    }
    return { period: preview.period, bets: preview.bets, members: preview.members, amount: preview.amount };
  }
}
