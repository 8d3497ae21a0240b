import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  betSizeProblem,
  CHASE_PERIOD_STATUSES,
  CHASE_STATUSES,
  chaseStops,
  chaseTotalFen,
  currentPeriod,
  formatFen,
  formatYuan,
  LOTTERY_UNIT_MODES,
  nextPeriod,
  parseYuan,
  type ChaseCreateBody,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, isRefusal, refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import { checkSlipLines, type BetContext, type LotteryBetsService } from './bets.service.ts';
import * as bets from './bets.repo.ts';
import type { ChaseLine } from './chase.table.ts';
import * as repo from './chase.repo.ts';
import { acceptsBets, lotteryOf, playOf, schedulePeriodOf } from './lottery.mapper.ts';

/** Most one chase may freeze: 1,000,000.00 元. */
export const MAX_CHASE_FEN = 100_000_000n;
/** Periods the job places or decides per run; the next run (a second later) takes the rest. */
const BATCH = 200;

const UNIT_OF_FEN = new Map(Object.entries(LOTTERY_UNIT_MODES).map(([k, v]) => [v, k as ChaseLine['unit']]));

function newChaseNo(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(2, 14);
  return `C${stamp}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export interface ChaseRunReport {
  placed: number;
  skipped: number;
  decided: number;
  stopped: number;
}

/**
 * 追号 (issue 39, point 1; docs/decisions/032-lottery-chase.md): one slip on consecutive
 * periods, each at its own multiple. Creating it checks the slip against the first period and
 * freezes the whole amount (lottery → frozen) in one transaction with the chase and its periods,
 * placing the first period at once when it is open. The leader job `lottery-chase` then places
 * each period when it opens — from the frozen wallet, under the chase's and the period's row
 * locks, each exactly once — or, when it can no longer be bet on (closed, off sale, a time-out,
 * self-exclusion or limit, a slip its period no longer takes), skips it and returns its part with
 * a message; and follows placed periods to their result: a win that meets the stop rule stops the
 * chase and returns every period not placed. The member may cancel what is not placed yet.
 */
export class LotteryChaseService {
  constructor(
    private readonly db: Db,
    /** The console's 追号 list (Core.reads); placing, stopping and a chase's detail read the primary. */
    private readonly reads: Db,
    private readonly ledger: Pick<LedgerService, 'move'>,
    private readonly idempotency: Pick<IdempotencyService, 'run'>,
    private readonly clock: Clock,
    private readonly responsible: Pick<ResponsiblePlayService, 'assertMayPlay'>,
    private readonly bets: Pick<LotteryBetsService, 'insertSlip' | 'debit' | 'autoTransfer'>,
    private readonly messages: Pick<MessagesService, 'send'>,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  ) {}

  async create(body: ChaseCreateBody, ctx: BetContext) {
    const { member } = ctx;
    if (member.isBlack) throw refuse('accounts.betting_restricted');
    if (member.disableGame) throw refuse('accounts.betting_disabled');
    const config = lotteryOf(body.lottery_code);
    const stopOver = body.stop === 'win_over' ? parseYuan(body.stop_amount ?? '') : null;
    if (stopOver && (!stopOver.ok || stopOver.fen <= 0n)) throw refuse('lottery.chase_stop_amount');
    const { data } = await this.idempotency.run(
      { memberId: member.id, key: ctx.idempotencyKey, route: ctx.route, request: body },
      async (work) => {
        const now = this.clock.now();
        // The first period, share-locked as a bet's: the draw waits for us.
        const target = await bets.lockBetTarget(work.tx, config.code, body.start_expect);
        if (!target.onSale) throw refuse('lottery.off_sale', { lottery: config.name });
        const first = target.period;
        if (!first) throw refuse('lottery.period_not_found', { period: body.start_expect });
        if ((first.status !== 'pending' && first.status !== 'open') || first.closeAt <= now)
          throw refuse('lottery.chase_start_closed', { period: first.number });
        const { lines, total: stake } = checkSlipLines(body.bets, config, first);
        // Every period's lines stay within the largest multiple.
        const most = Math.max(...body.multiples);
        for (const [i, line] of lines.entries()) {
          const problem = betSizeProblem(line.multiple * most, line.unitFen);
          if (problem)
            throw refuse('lottery.bet_size_invalid', { line: lines.length > 1 ? i + 1 : null, problem });
        }
        const total = chaseTotalFen(body.multiples, stake);
        if (total > MAX_CHASE_FEN) throw refuse('lottery.chase_over_max', { max: formatFen(MAX_CHASE_FEN) });
        const shown = parseYuan(body.total_amount);
        if (!shown.ok || shown.fen !== total)
          throw refuse('lottery.chase_total_changed', { total: formatFen(total) });
        // A time-out or self-exclusion refuses it now; each period's stake meets the limits when placed.
        await this.responsible.assertMayPlay(work, member.id, now, { kind: 'play' });
        const numbers: string[] = [];
        for (
          let p = schedulePeriodOf(config, first);
          numbers.length < body.multiples.length;
          p = nextPeriod(config, p)
        )
          numbers.push(p.number);
        const chaseNo = newChaseNo(now);
        const chase = await repo.insertChase(work.tx, {
          chaseNo,
          memberId: member.id,
          lotteryCode: config.code,
          lines: lines.map((l) => ({
            play_code: l.play.code,
            bet_codes: l.codes,
            multiple: l.multiple,
            unit: UNIT_OF_FEN.get(l.unitFen) ?? 'yuan',
            item_count: l.itemCount,
          })),
          stake,
          periods: body.multiples.length,
          totalAmount: total,
          stopRule: body.stop,
          stopOver: stopOver?.ok ? stopOver.fen : null,
          createdAt: now,
        });
        // A number drawn twice in one second (1 in 10^8): the member's retry draws another.
        if (!chase) throw new Error(`chase number ${chaseNo} taken`);
        await repo.insertPeriods(
          work.tx,
          body.multiples.map((multiple, i) => ({
            chaseId: chase.id,
            seq: i + 1,
            lotteryCode: config.code,
            periodNumber: numbers[i]!,
            multiple,
            amount: stake * BigInt(multiple),
          })),
        );
        if (member.lotteryAutoTransfer === 1) await this.bets.autoTransfer(work, member.id, total);
        let balance: bigint;
        try {
          const moved = await this.ledger.move(work, {
            memberId: member.id,
            from: 'lottery',
            to: 'frozen',
            amount: total,
            type: 'chase_freeze',
            reference: { type: 'lottery_chase', id: chaseNo },
            idempotencyKey: `chase:${chase.id}:freeze`,
            remark: `追号冻结 ${config.name} ${body.multiples.length}期 ${chaseNo}`,
          });
          balance = moved.debit.balanceAfter;
        } catch (err) {
          if (isRefusal(err, 'ledger.insufficient_balance'))
            throw refuse('lottery.insufficient_balance', undefined, { wallet: 'lottery' });
          throw err;
        }
        // The first period now, when it is open: the member sees their bet at once.
        if (acceptsBets(first, now.getTime())) {
          const [firstPeriod] = await repo.periodsOf(work.tx, [chase.id]);
          if (firstPeriod) await this.placeLocked(work, chase, firstPeriod, now);
        }
        return { chaseNo, balance: formatFen(balance) };
      },
    );
    return { chase: await this.view(member.id, data.chaseNo), balance: data.balance };
  }

  async list(
    memberId: number,
    query: { status?: repo.ChaseRow['status'] | undefined; page: number; per_page: number },
  ) {
    const { rows, total } = await repo.memberChases(this.db, memberId, query.status, query);
    const periods = await repo.periodsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return pageOf(
      rows.map((r) =>
        toChaseView(
          r,
          periods.filter((p) => p.chaseId === r.id),
        ),
      ),
      total,
      query,
    );
  }

  async detail(memberId: number, chaseNo: string) {
    const chase = await repo.memberChase(this.db, memberId, chaseNo);
    if (!chase) throw refuse('lottery.chase_not_found');
    return this.detailOf(chase);
  }

  private async view(memberId: number, chaseNo: string) {
    const chase = await repo.memberChase(this.db, memberId, chaseNo);
    if (!chase) throw refuse('lottery.chase_not_found');
    return toChaseView(chase, await repo.periodsOf(this.db, [chase.id]));
  }

  private async detailOf(chase: repo.ChaseRow) {
    const periods = await repo.periodsOf(this.db, [chase.id]);
    const betNos = await bets.betNosByIds(
      this.db,
      periods.flatMap((p) => p.betIds ?? []),
    );
    return {
      ...toChaseView(chase, periods),
      schedule: periods.map((p) => ({
        seq: p.seq,
        expect: p.periodNumber,
        multiple: p.multiple,
        amount: formatFen(p.amount),
        status: p.status,
        status_text: CHASE_PERIOD_STATUSES[p.status],
        payout: formatFen(p.payout),
        bet_nos: (p.betIds ?? []).map((id) => betNos.get(id) ?? ''),
        message: p.message,
        placed_at: p.placedAt?.toISOString() ?? null,
      })),
    };
  }

  /** Cancels every period not placed yet; what they held returns to the lottery wallet. */
  async cancel(memberId: number, chaseNo: string) {
    const found = await repo.memberChase(this.db, memberId, chaseNo);
    if (!found) throw refuse('lottery.chase_not_found');
    await inTransaction(this.db, async (work) => {
      const chase = await repo.lockChase(work.tx, found.id);
      if (!chase || chase.status !== 'running') throw refuse('lottery.chase_not_cancellable');
      const now = this.clock.now();
      const returned = await repo.cancelWaiting(work.tx, chase.id, '会员撤销追号', now);
      if (returned === 0n) throw refuse('lottery.chase_not_cancellable');
      await this.unfreeze(work, chase, returned, `chase:${chase.id}:cancel`, `追号撤销退回 ${chase.chaseNo}`);
      await repo.endChase(work.tx, chase.id, 'cancelled', '会员撤销追号', now);
    });
    return this.detail(memberId, chaseNo);
  }

  // ---- the job ----------------------------------------------------------------------------------

  /** One run of the leader job `lottery-chase`: follows placed periods to their result, then places opened ones. */
  async run(now = this.clock.now()): Promise<ChaseRunReport> {
    const report: ChaseRunReport = { placed: 0, skipped: 0, decided: 0, stopped: 0 };
    // Results first: a win that stops the chase keeps the periods opening now from being placed.
    for (const done of await repo.decidedPlaced(this.db, BATCH)) {
      try {
        const stopped = await inTransaction(this.db, (work) => this.decideLocked(work, done, now));
        if (stopped !== null) report.decided++;
        if (stopped) report.stopped++;
      } catch (err) {
        this.log.error({ err, chasePeriodId: done.id }, '追号 period not decided');
      }
    }
    for (const due of await repo.dueWaiting(this.db, now, BATCH)) {
      try {
        const outcome = await inTransaction(this.db, async (work) => {
          const chase = await repo.lockChase(work.tx, due.chaseId);
          if (!chase || chase.status !== 'running') return null;
          const period = await repo.lockPeriod(work.tx, due.id);
          if (!period || period.status !== 'waiting') return null;
          return this.placeLocked(work, chase, period, now);
        });
        if (outcome) report[outcome]++;
      } catch (err) {
        // One period's failure (rolled back, still waiting) must not hold up the others.
        this.log.error({ err, chasePeriodId: due.id }, '追号 period not placed');
      }
    }
    if (report.placed + report.skipped + report.decided > 0)
      this.log.info({ ...report }, '追号 periods moved on');
    return report;
  }

  /**
   * Places one waiting period of a running chase (both rows held): its bets on the period, paid
   * from the frozen wallet; or, when the period can no longer take them, skipped and its part
   * returned with the reason.
   */
  private async placeLocked(
    work: Work,
    chase: repo.ChaseRow,
    period: repo.ChasePeriodRow,
    now: Date,
  ): Promise<'placed' | 'skipped'> {
    const config = lotteryOf(chase.lotteryCode);
    const skip = async (why: string) => {
      await repo.markSkipped(work.tx, period.id, why, now);
      await this.unfreeze(
        work,
        chase,
        period.amount,
        `chase-period:${period.id}:skipped`,
        `追号第${period.periodNumber}期未投注退回 ${chase.chaseNo}`,
      );
      await this.messages.send(work, {
        memberId: chase.memberId,
        type: 'betting',
        title: '追号未投注',
        content: `您的追号 ${chase.chaseNo}（${config.name}）第${period.periodNumber}期未投注：${why}。该期 ${formatYuan(period.amount)} 元已退回彩票钱包。`,
        dedupeKey: `chase-period:${period.id}:skipped`,
      });
      if ((await repo.openPeriods(work.tx, chase.id)) === 0)
        await repo.endChase(work.tx, chase.id, 'done', null, now);
      return 'skipped' as const;
    };
    const target = await bets.lockBetTarget(work.tx, chase.lotteryCode, period.periodNumber);
    if (!target.onSale) return skip(`${config.name}已停售`);
    const row = target.period;
    if (!row || !acceptsBets(row, now.getTime())) return skip('该期已封盘');
    const flags = await repo.memberFlags(work.tx, chase.memberId);
    if (flags.isBlack || flags.disableGame) return skip('账户已限制投注');
    let lines: ReturnType<typeof checkSlipLines>['lines'];
    try {
      lines = checkSlipLines(
        chase.lines.map((l) => ({ ...l, multiple: l.multiple * period.multiple })),
        config,
        row,
      ).lines;
      // Time-out, self-exclusion, stake and loss limits as for any bet of the member.
      await this.responsible.assertMayPlay(work, chase.memberId, now, {
        kind: 'stake',
        amount: period.amount,
      });
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return skip(err.message);
      throw err;
    }
    const { rows } = await this.bets.insertSlip(work, chase.memberId, config, row, lines, now);
    const staked = rows.reduce((sum, b) => sum + b.amount, 0n);
    if (staked !== period.amount)
      throw new Error(`追号 ${chase.chaseNo} period ${period.seq}: ${staked} ≠ ${period.amount}`);
    await this.bets.debit(
      work,
      rows.map((bet) => ({
        bet,
        remark: `追号投注 ${config.name} 第${row.number}期 ${bet.betNo}（${chase.chaseNo}）`,
      })),
      'frozen',
    );
    await repo.markPlaced(
      work.tx,
      period.id,
      rows.map((b) => b.id),
      now,
    );
    return 'placed';
  }

  /** A placed period whose bets are decided: its result, and the chase stopped when the rule says so. */
  private async decideLocked(
    work: Work,
    done: { id: number; chaseId: number; payout: bigint; refundedOnly: boolean },
    now: Date,
  ): Promise<boolean | null> {
    const chase = await repo.lockChase(work.tx, done.chaseId);
    if (!chase) return null;
    const status = done.refundedOnly ? 'refunded' : done.payout > 0n ? 'won' : 'lost';
    if (!(await repo.markDecided(work.tx, done.id, status, done.payout, now))) return null;
    if (chase.status !== 'running') return false;
    const period = await repo.lockPeriod(work.tx, done.id);
    if (chaseStops(chase.stopRule, chase.stopOver, done.payout)) {
      const reason = `第${period?.periodNumber ?? ''}期中奖 ${formatYuan(done.payout)} 元，追号停止`;
      const returned = await repo.cancelWaiting(work.tx, chase.id, '中奖后停止追号', now);
      if (returned > 0n)
        await this.unfreeze(
          work,
          chase,
          returned,
          `chase:${chase.id}:stop`,
          `追号中奖停止退回 ${chase.chaseNo}`,
        );
      await repo.endChase(work.tx, chase.id, 'stopped', reason, now);
      await this.messages.send(work, {
        memberId: chase.memberId,
        type: 'betting',
        title: '追号中奖停止',
        content: `您的追号 ${chase.chaseNo} ${reason}${returned > 0n ? `，未投注的 ${formatYuan(returned)} 元已退回彩票钱包` : ''}。`,
        dedupeKey: `chase:${chase.id}:stopped`,
      });
      return true;
    }
    if ((await repo.openPeriods(work.tx, chase.id)) === 0)
      await repo.endChase(work.tx, chase.id, 'done', null, now);
    return false;
  }

  private async unfreeze(work: Work, chase: repo.ChaseRow, amount: bigint, key: string, remark: string) {
    await this.ledger.move(work, {
      memberId: chase.memberId,
      from: 'frozen',
      to: 'lottery',
      amount,
      type: 'chase_unfreeze',
      reference: { type: 'lottery_chase', id: chase.chaseNo },
      idempotencyKey: key,
      remark,
    });
  }

  // ---- console ----------------------------------------------------------------------------------

  async adminList(query: {
    status?: repo.ChaseRow['status'] | undefined;
    username?: string | undefined;
    lottery_code?: string | undefined;
    page: number;
    per_page: number;
  }) {
    const { rows, total } = await repo.adminChases(
      this.reads,
      { status: query.status, username: query.username, lotteryCode: query.lottery_code },
      query,
    );
    const periods = await repo.periodsOf(
      this.reads,
      rows.map((r) => r.id),
    );
    return pageOf(
      rows.map((r) => ({
        id: r.id,
        username: r.username,
        ...toChaseView(
          r,
          periods.filter((p) => p.chaseId === r.id),
        ),
      })),
      total,
      query,
    );
  }

  async adminDetail(id: number) {
    const chase = await repo.chaseById(this.db, id);
    if (!chase) throw refuse('lottery.chase_not_found');
    return { id: chase.id, ...(await this.detailOf(chase)) };
  }
}

/** A chase as the member and the console see it: its slip, plan figures and state. */
export function toChaseView(chase: repo.ChaseRow, periods: readonly repo.ChasePeriodRow[]) {
  const config = lotteryOf(chase.lotteryCode);
  const sum = (statuses: readonly string[], pick: (p: repo.ChasePeriodRow) => bigint) =>
    periods.filter((p) => statuses.includes(p.status)).reduce((s, p) => s + pick(p), 0n);
  const first = periods[0];
  return {
    chase_no: chase.chaseNo,
    lottery_code: chase.lotteryCode,
    lottery_name: config.name,
    bets: chase.lines.map((l) => ({
      play_code: l.play_code,
      play_name:
        playOf(config, l.play_code, currentPeriod(config, chase.createdAt.getTime()))?.name ?? l.play_code,
      bet_codes: l.bet_codes,
      multiple: l.multiple,
      unit: l.unit,
      item_count: l.item_count,
    })),
    stake: formatFen(chase.stake),
    periods: chase.periods,
    placed: periods.filter((p) => ['placed', 'won', 'lost', 'refunded'].includes(p.status)).length,
    total_amount: formatFen(chase.totalAmount),
    spent: formatFen(sum(['placed', 'won', 'lost', 'refunded'], (p) => p.amount)),
    refunded: formatFen(sum(['skipped', 'cancelled'], (p) => p.amount)),
    frozen: formatFen(sum(['waiting'], (p) => p.amount)),
    payout: formatFen(sum(['won'], (p) => p.payout)),
    stop: chase.stopRule,
    stop_amount: chase.stopOver === null ? null : formatFen(chase.stopOver),
    status: chase.status,
    status_text: CHASE_STATUSES[chase.status],
    stop_reason: chase.stopReason,
    start_expect: first?.periodNumber ?? '',
    created_at: chase.createdAt.toISOString(),
    ended_at: chase.endedAt?.toISOString() ?? null,
  };
}
