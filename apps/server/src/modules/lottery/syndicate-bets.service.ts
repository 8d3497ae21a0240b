import { currentPeriod, formatFen, LOTTERY_UNIT_MODES } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { addTurnover, announceFigures } from '../accounts/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import * as bets from './bets.repo.ts';
import { checkSlipLines, type LotteryBetsService } from './bets.service.ts';
import { acceptsBets, lotteryOf, playOf } from './lottery.mapper.ts';
import * as repo from './lottery.repo.ts';

/** A 合买 plan's lottery lines: one period of one lottery (the lines as a bet create takes them). */
export interface SyndicateLotterySlip {
  lottery_code: string;
  expect: string;
  bets: Array<{
    play_code: string;
    bet_codes: string;
    multiple: number;
    unit: keyof typeof LOTTERY_UNIT_MODES;
  }>;
}

const UNIT_NAMES = { yuan: '元', jiao: '角', fen: '分' } as const;

/**
 * The lottery's side of 合买 (modules/syndicates): pricing a plan's lines when it is started, and
 * placing its bets when it is full or at its deadline. The bets are the initiator's, checked by
 * the same rules as a bet create on a period that still takes bets (its shared lock held); their
 * stake is not the initiator's: each holder's shares leave their frozen wallet as a `bet` entry
 * and count as their turnover (settlement skips a plan's bets when it adds turnover). The bets
 * carry `syndicate_id`: their member cannot cancel them, and settlement tells the plans.
 */
export class SyndicateBets {
  constructor(
    private readonly db: Db,
    private readonly ledger: Pick<LedgerService, 'postMany'>,
    private readonly clock: Clock,
    private readonly lotteryBets: Pick<LotteryBetsService, 'insertSlip'>,
    private readonly events: EventBus,
  ) {}

  /** The lines checked against their period, which must still take bets; the total and its 封盘. */
  async quote(slip: SyndicateLotterySlip) {
    const config = lotteryOf(slip.lottery_code);
    const period = await repo.findPeriod(this.db, config.code, slip.expect);
    if (!period) throw refuse('lottery.period_not_found', { period: slip.expect });
    if (!acceptsBets(period, this.clock.now().getTime()))
      throw refuse('lottery.period_closed', { period: period.number });
    const { lines, total } = checkSlipLines(slip.bets, config, period);
    return {
      totalStake: total,
      closesAt: period.closeAt,
      lotteryName: config.name,
      slip: {
        lottery_code: config.code,
        expect: period.number,
        bets: lines.map((l, i) => ({ ...slip.bets[i]!, bet_codes: l.codes })),
      },
      lines: lines.map((l, i) => ({
        play_name: l.play.name,
        bet_codes: l.codes,
        item_count: l.itemCount,
        multiple: l.multiple,
        unit: UNIT_NAMES[slip.bets[i]!.unit],
        amount: formatFen(l.amount),
        status: 'pending',
        payout: formatFen(0n),
      })),
    };
  }

  /**
   * Places a plan's bets in the caller's transaction, staked from the funders' frozen wallets
   * (which must add up to `totalFen`). A refusal (the period closed, the lottery off sale) throws:
   * the caller rolls back and fails the plan with its words.
   */
  async place(
    work: Work,
    input: {
      memberId: number;
      slip: SyndicateLotterySlip;
      totalFen: bigint;
      funders: ReadonlyArray<{ memberId: number; amount: bigint }>;
      syndicateId: number;
      planNo: string;
    },
  ): Promise<{ orderId: null; orderNo: string; maxPrize: bigint }> {
    const now = this.clock.now();
    const config = lotteryOf(input.slip.lottery_code);
    const target = await bets.lockBetTarget(work.tx, config.code, input.slip.expect);
    if (!target.onSale) throw refuse('lottery.off_sale', { lottery: config.name });
    const period = target.period;
    if (!period) throw refuse('lottery.period_not_found', { period: input.slip.expect });
    if (!acceptsBets(period, now.getTime())) throw refuse('lottery.period_closed', { period: period.number });
    const { lines, total } = checkSlipLines(input.slip.bets, config, period);
    if (total !== input.totalFen)
      throw new Error(`合买 ${input.planNo}: lines ${total} ≠ plan ${input.totalFen}`);
    let funded = 0n;
    for (const f of input.funders) funded += f.amount;
    if (funded !== total) throw new Error(`合买 ${input.planNo}: funded ${funded} ≠ ${total}`);
    const { rows } = await this.lotteryBets.insertSlip(
      work,
      input.memberId,
      config,
      period,
      lines,
      now,
      input.syndicateId,
    );
    const first = rows[0]!;
    await this.ledger.postMany(
      work,
      input.funders.map((f) => ({
        memberId: f.memberId,
        wallet: 'frozen' as const,
        amount: -f.amount,
        type: 'bet' as const,
        reference: { type: 'lottery_bet', id: first.betNo },
        idempotencyKey: `syndicate:${input.syndicateId}:stake:${f.memberId}`,
        remark: `合买投注 ${input.planNo}（${config.name} 第${period.number}期）`,
      })),
    );
    announceFigures(work, this.events, await addTurnover(work.tx, input.funders));
    return { orderId: null, orderNo: first.betNo, maxPrize: 0n };
  }

  /** A placed plan's bets as members read them (with their results). */
  async planLines(syndicateId: number) {
    const rows = await bets.betsOfSyndicate(this.db, syndicateId);
    return rows.map((b) => {
      const config = lotteryOf(b.lotteryCode);
      const play = playOf(config, b.playCode, currentPeriod(config, b.createdAt.getTime()));
      const unit = Object.entries(LOTTERY_UNIT_MODES).find(([, fen]) => fen === b.unitFen)?.[0] as
        keyof typeof UNIT_NAMES | undefined;
      return {
        play_name: play?.name ?? b.playCode,
        bet_codes: b.codes,
        item_count: b.itemCount,
        multiple: b.multiple,
        unit: UNIT_NAMES[unit ?? 'yuan'],
        amount: formatFen(b.amount),
        status: b.status,
        payout: formatFen(b.payout),
      };
    });
  }
}
