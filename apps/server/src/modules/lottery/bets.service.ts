import { randomInt } from 'node:crypto';
import {
  betAmountFen,
  betSizeProblem,
  currentPeriod,
  formatFen,
  formatOdds,
  LOTTERY_UNIT_MODES,
  oddsSnapshot,
  parseYuan,
  settleBet,
  validateBetCodes,
  type BetCodesBody,
  type LotteryBetCreateBody,
  type LotteryBetStatus,
  type LotteryPlay,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, isRefusal, refuse } from '../../lib/errors.ts';
import type { MemberRow } from '../accounts/index.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import { lockWallet } from '../ledger/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import {
  acceptsBets,
  lotteryOf,
  playOf,
  schedulePeriodOf,
  toBetView,
  toPeriodView,
} from './lottery.mapper.ts';
import * as bets from './bets.repo.ts';
import * as repo from './lottery.repo.ts';
import { refundKey } from './settlement.service.ts';
import { pageOf } from '../../lib/paging.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';

/** Largest amount one bet create may stake: 1,000,000.00 元. */
export const MAX_SLIP_FEN = 100_000_000n;

export interface BetContext {
  member: MemberRow;
  idempotencyKey: string | undefined;
  route: string;
}

/** Numbers drawn for a bet before the slip gives up (each a 1-in-10^8 collision). */
const BET_NO_ATTEMPTS = 5;

function newBetNo(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(2, 14);
  return `L${stamp}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * Every line of a slip re-checked by the shared rules for its period (六合彩: that period's
 * zodiac year), with its 注数 and amount, and the slip's total: what a bet create and each period
 * of a 追号 place.
 */
export function checkSlipLines(
  bets: ReadonlyArray<{
    play_code: string;
    bet_codes: string;
    multiple: number;
    unit: keyof typeof LOTTERY_UNIT_MODES;
  }>,
  config: ReturnType<typeof lotteryOf>,
  period: repo.PeriodRow,
) {
  const schedulePeriod = schedulePeriodOf(config, period);
  const lines = bets.map((line, index) => {
    const play = playOf(config, line.play_code, schedulePeriod);
    const lineNo = bets.length > 1 ? index + 1 : null;
    if (!play) throw refuse('lottery.slip_play_not_found', { line: lineNo });
    const unitFen = LOTTERY_UNIT_MODES[line.unit];
    const sizeProblem = betSizeProblem(line.multiple, unitFen);
    if (sizeProblem) throw refuse('lottery.bet_size_invalid', { line: lineNo, problem: sizeProblem });
    const checked = validateBetCodes(play, line.bet_codes);
    if (!checked.ok)
      throw refuse('lottery.bet_codes_invalid', {
        line: lineNo,
        play: play.name,
        problem: checked.message,
      });
    return {
      play,
      codes: checked.codes,
      itemCount: checked.itemCount,
      multiple: line.multiple,
      unitFen,
      amount: betAmountFen(checked.itemCount, line.multiple, unitFen),
    };
  });
  return { lines, total: lines.reduce((sum, l) => sum + l.amount, 0n) };
}

/** Bets of the logged-in member: preview, place, cancel, list (SPEC.md §7 "Lottery" bet/*, play/* checks). */
export class LotteryBetsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly clock: Clock,
    private readonly responsible: Pick<ResponsiblePlayService, 'assertMayPlay'>,
    /** Draws a bet's number (tests script collisions). */
    private readonly drawBetNo: (now: Date) => string = newBetNo,
  ) {}

  /** The play of a lottery for bets placed now (六合彩: the current period's zodiac year). */
  private playNow(code: string, playCode: string): LotteryPlay {
    const config = lotteryOf(code);
    const play = playOf(config, playCode, currentPeriod(config, this.clock.now().getTime()));
    if (!play) throw refuse('lottery.play_not_found');
    return play;
  }

  /** validate-bet-codes: the verdict of the shared rules, never an error for bad codes. */
  validate(body: BetCodesBody) {
    const play = this.playNow(body.lottery_code, body.play_code);
    const result = validateBetCodes(play, body.bet_codes);
    return result.ok
      ? { valid: true, message: null, bad_code: null, codes: result.codes, item_count: result.itemCount }
      : { valid: false, message: result.message, bad_code: result.code ?? null, codes: null, item_count: 0 };
  }

  /** calculate-item-count: 注数 and amount, or 422 naming the bad code. */
  itemCount(body: BetCodesBody) {
    const play = this.playNow(body.lottery_code, body.play_code);
    const unitFen = LOTTERY_UNIT_MODES[body.unit];
    const problem = betSizeProblem(body.multiple, unitFen);
    if (problem) throw refuse('lottery.bet_size_invalid', { line: null, problem });
    const result = validateBetCodes(play, body.bet_codes);
    if (!result.ok)
      throw refuse('lottery.bet_codes_invalid', { line: null, play: null, problem: result.message });
    return {
      item_count: result.itemCount,
      amount: formatFen(betAmountFen(result.itemCount, body.multiple, unitFen)),
      codes: result.codes,
    };
  }

  /**
   * Places the bets of a slip on one period: every line re-checked by the shared rules, the
   * period open at commit (its row is share-locked against a concurrent 封盘), the lottery wallet
   * debited once per bet. All or nothing.
   */
  async create(body: LotteryBetCreateBody, ctx: BetContext) {
    const { member } = ctx;
    if (member.isBlack) throw refuse('accounts.betting_restricted');
    if (member.disableGame) throw refuse('accounts.betting_disabled');
    const config = lotteryOf(body.lottery_code);

    const { data } = await this.idempotency.run(
      { memberId: member.id, key: ctx.idempotencyKey, route: ctx.route, request: body },
      async (work) => {
        // The sale switch and the period, its lock taken shared in the same statement: the draw
        // waits for us. (A replayed key has answered before this.)
        const target = await bets.lockBetTarget(work.tx, config.code, body.expect);
        if (!target.onSale) throw refuse('lottery.off_sale', { lottery: config.name });
        const { period } = target;
        if (!period) throw refuse('lottery.period_not_found', { period: body.expect });
        const { lines, total } = this.checkSlip(body, config, period);
        const at = this.clock.now().getTime();
        const createdAt = new Date(at);
        const { rows, locked } = await this.insertSlip(work, member.id, config, period, lines, createdAt);
        // Time-out, self-exclusion and the member's own stake and loss limits (their rows locked);
        // a refusal rolls the bets back with everything else.
        await this.responsible.assertMayPlay(work, member.id, createdAt, { kind: 'stake', amount: total });
        // 自动转入: the stake comes from the main wallet, moved in this transaction, when it can.
        if (member.lotteryAutoTransfer === 1) await this.autoTransfer(work, member.id, total);
        const balance = await this.debit(
          work,
          rows.map((bet) => ({ bet, remark: `彩票投注 ${config.name} 第${period.number}期 ${bet.betNo}` })),
        );
        return {
          bets: rows.map((bet) => toBetView(bet, locked, at)),
          total_amount: formatFen(total),
          balance: formatFen(balance),
        };
      },
    );
    return data;
  }

  /**
   * Inserts a checked slip's bets on a period the caller holds the shared lock of: the period is
   * read again and the bets inserted only if it takes them, in one statement; refused when it does
   * not (not open yet, or closed). A number another bet drew in the same second (1 in 10^8 each;
   * at hundreds of bets a second that is a few a day) is drawn again, for the bets it left out.
   */
  async insertSlip(
    work: Work,
    memberId: number,
    config: ReturnType<typeof lotteryOf>,
    period: repo.PeriodRow,
    lines: ReturnType<typeof checkSlipLines>['lines'],
    createdAt: Date,
    /** 合买: the plan these bets are placed for. */
    syndicateId: number | null = null,
  ): Promise<{ rows: repo.BetRow[]; locked: repo.PeriodRow }> {
    const at = createdAt.getTime();
    const slip = lines.map((l) => ({
      betNo: this.drawBetNo(createdAt),
      memberId,
      lotteryCode: config.code,
      periodId: period.id,
      playCode: l.play.code,
      codes: l.codes,
      itemCount: l.itemCount,
      multiple: l.multiple,
      unitFen: l.unitFen,
      amount: l.amount,
      odds: oddsSnapshot(l.play),
      createdAt,
    }));
    const placed = await bets.insertBetsIfOpen(work.tx, period.id, createdAt, slip, syndicateId);
    const locked = placed.period;
    if (!locked) throw refuse('lottery.period_not_found', { period: period.number });
    if (at < locked.openAt.getTime() && locked.status === 'pending')
      throw refuse('lottery.period_not_open', { period: period.number });
    if (!acceptsBets(locked, at)) throw refuse('lottery.period_closed', { period: period.number });
    const stored = placed.bets;
    for (let attempt = 1; stored.includes(undefined) && attempt < BET_NO_ATTEMPTS; attempt++) {
      const left = slip.flatMap((bet, i) => (stored[i] ? [] : [i]));
      for (const i of left) slip[i]!.betNo = this.drawBetNo(createdAt);
      const again = await bets.insertBetsIfOpen(
        work.tx,
        period.id,
        createdAt,
        left.map((i) => slip[i]!),
        syndicateId,
      );
      for (const [k, i] of left.entries()) stored[i] = again.bets[k];
    }
    const rows = stored.filter((bet) => bet !== undefined);
    if (rows.length !== lines.length) throw new Error('no free lottery bet number');
    return { rows, locked };
  }

  /** Every line of a slip re-checked by the shared rules for its period, and the slip's total. */
  private checkSlip(
    body: LotteryBetCreateBody,
    config: ReturnType<typeof lotteryOf>,
    period: repo.PeriodRow,
  ) {
    const { lines, total } = checkSlipLines(body.bets, config, period);
    if (total > MAX_SLIP_FEN) throw refuse('lottery.slip_over_max', { max: formatFen(MAX_SLIP_FEN) });
    if (body.total_amount !== undefined) {
      const shown = parseYuan(body.total_amount);
      if (!shown.ok || shown.fen !== total)
        throw refuse('lottery.stake_changed', { total: formatFen(total) });
    }
    return { lines, total };
  }

  /**
   * Moves the stake from main into the lottery wallet before the debit; when main cannot cover it
   * the bet is paid from the lottery wallet as usual (refused if that cannot either).
   */
  async autoTransfer(work: Work, memberId: number, stake: bigint): Promise<void> {
    const main = await lockWallet(work.tx, memberId, 'main');
    if (main.balance < stake) return;
    await this.ledger.move(work, {
      memberId,
      from: 'main',
      to: 'lottery',
      amount: stake,
      type: 'transfer_out',
      reference: { type: 'lottery_auto_transfer', id: `${memberId}-${this.clock.now().getTime()}` },
      remark: '投注自动转入彩票钱包',
    });
  }

  /**
   * Debits the lottery wallet once per bet, in order; returns the balance after the last. One bet
   * is one `post`; several go through `postMany` (the same entries in fewer statements).
   */
  async debit(
    work: Work,
    debits: ReadonlyArray<{ bet: repo.BetRow; remark: string }>,
    wallet: 'lottery' | 'frozen' = 'lottery',
  ): Promise<bigint> {
    const entries = debits.map(({ bet, remark }) => ({
      memberId: bet.memberId,
      wallet,
      amount: -bet.amount,
      type: 'bet' as const,
      reference: { type: 'lottery_bet', id: bet.betNo },
      remark,
    }));
    try {
      const [only] = entries;
      if (entries.length === 1 && only) return (await this.ledger.post(work, only)).balanceAfter;
      const posted = await this.ledger.postMany(work, entries);
      return posted.at(-1)?.balanceAfter ?? 0n;
    } catch (err) {
      if (isRefusal(err, 'ledger.insufficient_balance'))
        throw refuse('lottery.insufficient_balance', undefined, { wallet });
      throw err;
    }
  }

  /** Cancels a bet of the member's own before its period closes, refunding the stake. */
  async cancel(memberId: number, betId: number) {
    return inTransaction(this.db, async (work) => {
      const bet = await bets.findMemberBet(work.tx, memberId, betId, true);
      if (!bet) throw refuse('lottery.bet_not_found');
      if (bet.status !== 'pending') throw refuse('lottery.bet_not_cancellable');
      // A 合买 plan's bet is staked by its holders: its initiator cannot take it back.
      if (bet.syndicateId !== null) throw refuse('lottery.syndicate_bet_not_cancellable');
      await repo.sharePeriodLock(work.tx, bet.periodId);
      const period = await repo.findPeriodById(work.tx, bet.periodId);
      const now = this.clock.now();
      const at = now.getTime();
      if (!period || !acceptsBets(period, at))
        throw refuse('lottery.cancel_after_close', { period: period?.number ?? '' });
      const cancelled = await bets.cancelPendingBet(work.tx, bet.id, now);
      if (!cancelled) throw refuse('lottery.bet_not_cancellable');
      const refund = await this.ledger.post(work, {
        memberId,
        wallet: 'lottery',
        amount: bet.amount,
        type: 'bet_refund',
        reference: { type: 'lottery_bet', id: bet.betNo },
        idempotencyKey: refundKey(bet.id),
        remark: `彩票撤单 ${bet.betNo}`,
      });
      return {
        bet: toBetView(cancelled, period, at),
        balance: formatFen(refund.balanceAfter),
        refunded: bet.amount,
      };
    });
  }

  /** Cancels each bet on its own and reports per bet. */
  async batchCancel(memberId: number, betIds: number[]) {
    const results: Array<{ bet_id: number; ok: boolean; message: string }> = [];
    let refunded = 0n;
    let cancelled = 0;
    for (const betId of [...new Set(betIds)]) {
      try {
        const outcome = await this.cancel(memberId, betId);
        refunded += outcome.refunded;
        cancelled++;
        results.push({ bet_id: betId, ok: true, message: '撤单成功' });
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        results.push({ bet_id: betId, ok: false, message: err.message });
      }
    }
    const balance = (await this.ledger.balances(memberId)).get('lottery') ?? 0n;
    return { results, cancelled, refunded: formatFen(refunded), balance: formatFen(balance) };
  }

  async list(
    memberId: number,
    query: {
      code?: string | undefined;
      expect?: string | undefined;
      status?: LotteryBetStatus | 'settled' | undefined;
      page: number;
      per_page: number;
    },
  ) {
    const { rows, total } = await bets.listBets(
      this.db,
      { memberId, code: query.code, expect: query.expect, status: query.status },
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
    );
    const periods = await repo.periodsByIds(this.db, [...new Set(rows.map((r) => r.periodId))]);
    const now = this.clock.now().getTime();
    return pageOf(
      rows.map((bet) => toBetView(bet, periods.get(bet.periodId)!, now)),
      total,
      query,
    );
  }

  /** The member's own bet (another member's answers 404, as if it did not exist). */
  async detail(memberId: number, betId: number) {
    const bet = await bets.findMemberBet(this.db, memberId, betId);
    if (!bet) throw refuse('lottery.bet_not_found');
    const period = (await repo.findPeriodById(this.db, bet.periodId))!;
    const config = lotteryOf(bet.lotteryCode);
    const play = playOf(config, bet.playCode, schedulePeriodOf(config, period));
    let lines: Array<{ key: string; label: string; count: number; odds: string }> = [];
    if (
      play &&
      period.status === 'drawn' &&
      period.openCode &&
      (bet.status === 'won' || bet.status === 'lost')
    ) {
      lines = settleBet(play, bet.codes, period.openCode, bet.multiple, {
        unitFen: bet.unitFen,
        oddsX100: bet.odds,
      }).lines.map((line) => ({
        key: line.key,
        label: play.odds.find((o) => o.key === line.key)?.label ?? line.key,
        count: line.count,
        odds: formatOdds(line.oddsX100),
      }));
    }
    const now = this.clock.now().getTime();
    return { ...toBetView(bet, period, now), period: toPeriodView(period, now), lines };
  }

  async stats(memberId: number, code: string | undefined) {
    const row = await bets.betStats(this.db, memberId, code);
    const payout = BigInt(row?.payout ?? '0');
    return {
      total_count: row?.totalCount ?? 0,
      total_amount: formatFen(BigInt(row?.totalAmount ?? '0')),
      pending_count: row?.pendingCount ?? 0,
      pending_amount: formatFen(BigInt(row?.pendingAmount ?? '0')),
      won_count: row?.wonCount ?? 0,
      lost_count: row?.lostCount ?? 0,
      cancelled_count: row?.cancelledCount ?? 0,
      payout: formatFen(payout),
      profit: formatFen(payout - BigInt(row?.settledAmount ?? '0')),
    };
  }
}
