import {
  findLottery,
  formatFen,
  LOTTERY_FAMILIES,
  PERIOD_STATUS_TEXT,
  scheduleProblem,
  type PeriodStatusView,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { catalog, maxCloseSeconds } from './catalog.ts';
import { scheduleText } from './lottery.mapper.ts';
import * as lotteryRepo from './lottery.repo.ts';
import type { OperatorsService } from '../operators/index.ts';
import * as repo from './admin.repo.ts';
import type { OperatorCall } from '../../plugins/operator-guard.ts';

/**
 * A period still undrawn this long after its draw time is shown as overdue: the scheduler draws
 * on time and retries every tick, so an overdue period means the lottery job is not running.
 */
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
 * revealed seed, open code and settlement state, read only. No operator decides anything about a
 * period: its open code comes from the seed committed before sales opened (a trigger keeps it),
 * an overdue draw is retried by the scheduler, and a draw that cannot be verified is cancelled
 * by the scheduler itself (开奖失败) with every bet refunded (docs/decisions/016).
 */
export class LotteryAdminService {
  constructor(
    private readonly db: Db,
    /** The periods list (Core.reads); the games' settings and their changes read the primary. */
    private readonly reads: Db,
    private readonly operators: OperatorsService,
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
    if (!config) throw refuse('lottery.not_found');
    if (b.close_seconds !== undefined && b.close_seconds !== null) {
      const problem = scheduleProblem({ ...config, closeSeconds: b.close_seconds });
      if (problem) throw refuse('lottery.close_seconds_too_long', { under: maxCloseSeconds(config) + 1 });
    }
    await inTransaction(this.db, async (work) => {
      const before = await lotteryRepo.lockGame(work.tx, code);
      if (!before) throw refuse('lottery.not_found');
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
    const { rows, total } = await repo.pagePeriods(this.reads, q, now, OVERDUE_GRACE_MS);
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
}
