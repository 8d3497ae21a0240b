import { randomBytes } from 'node:crypto';
import { formatFen, LOTTERIES, LOTTERY_FAMILIES } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { isRefusal, refuse } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { findMemberById, updateMember } from '../accounts/index.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import { lockWallet } from '../ledger/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { lotteryOf } from './lottery.mapper.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';

export interface TransferContext {
  memberId: number;
  idempotencyKey: string | undefined;
  route: string;
}

const gamePath = (code: string) => `/pages/lottery/lottery-game?code=${encodeURIComponent(code)}`;

/**
 * The lottery as its own wallet beside the main one (SPEC.md §7 "Games", lottery part): the
 * lottery token, balances, the game address and transfers, each a ledger `move` between the
 * member's 'main' and 'lottery' wallets.
 */
export class LotteryWalletService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly responsible: Pick<ResponsiblePlayService, 'assertMayPlay'>,
  ) {}

  games() {
    return {
      list: LOTTERIES.map((l) => ({
        code: l.code,
        name: l.name,
        type: l.family,
        type_name: LOTTERY_FAMILIES[l.family].name,
        path: gamePath(l.code),
      })),
    };
  }

  async balance(memberId: number) {
    const [balances, member] = await Promise.all([
      this.ledger.balances(memberId),
      findMemberById(this.db, memberId),
    ]);
    return {
      balance: formatFen(balances.get('lottery') ?? 0n),
      main_balance: formatFen(balances.get('main') ?? 0n),
      lottery_token: member?.lotteryToken ?? null,
      auto_transfer: member?.lotteryAutoTransfer === 1,
    };
  }

  /** 自动转入 on or off: with it on, a bet's stake comes from the main wallet (bets.service). */
  async setAutoTransfer(memberId: number, enabled: boolean): Promise<{ auto_transfer: boolean }> {
    await updateMember(this.db, memberId, { lotteryAutoTransfer: enabled ? 1 : 0 }, this.clock.now());
    return { auto_transfer: enabled };
  }

  /** Issues a new lottery token (SPEC.md §4: 200 with the token; it is created synchronously). */
  async updateToken(memberId: number): Promise<{ lottery_token: string }> {
    const token = `lt_${randomBytes(24).toString('base64url')}`;
    const now = this.clock.now();
    await updateMember(this.db, memberId, { lotteryToken: token }, now);
    this.events.emit('member.changed', {
      memberId,
      changedFields: ['lottery_token'],
      changeType: 'lottery_token',
      at: now,
    });
    return { lottery_token: token };
  }

  async address(memberId: number, code: string | undefined) {
    if (code) lotteryOf(code);
    const member = await findMemberById(this.db, memberId);
    if (!member) throw refuse('accounts.member_not_found');
    const token = member.lotteryToken ?? (await this.updateToken(memberId)).lottery_token;
    return { url: `/#${code ? gamePath(code) : '/pages/lottery/lottery-list'}`, lottery_token: token };
  }

  /**
   * Moves money between the main and the lottery wallet. In: a positive amount from main.
   * Out: the amount, or everything with 0. Idempotent per Idempotency-Key.
   */
  async transfer(direction: 'in' | 'out', amountFen: bigint, ctx: TransferContext) {
    if (direction === 'in' && amountFen <= 0n) throw refuse('lottery.transfer_in_not_positive');
    const { data } = await this.idempotency.run(
      {
        memberId: ctx.memberId,
        key: ctx.idempotencyKey,
        route: ctx.route,
        request: { amount: amountFen.toString() },
      },
      async (work) => {
        // In: not a stake by itself, but refused during a time-out or self-exclusion and beyond
        // what the member's stake and loss limits still allow. Out is always open.
        if (direction === 'in')
          await this.responsible.assertMayPlay(work, ctx.memberId, this.clock.now(), {
            kind: 'transfer_in',
            amount: amountFen,
          });
        const from = direction === 'in' ? 'main' : 'lottery';
        const to = direction === 'in' ? 'lottery' : 'main';
        let amount = amountFen;
        if (amount === 0n) {
          amount = (await lockWallet(work.tx, ctx.memberId, from)).balance;
          if (amount === 0n) throw refuse('lottery.nothing_to_transfer_out');
        }
        try {
          const { debit, credit } = await this.ledger.move(work, {
            memberId: ctx.memberId,
            from,
            to,
            amount,
            // Named from the main wallet's side, the one the member's bill shows: money into the
            // lottery leaves main (转出), money out of the lottery arrives in main (转入).
            type: direction === 'in' ? 'transfer_out' : 'transfer_in',
            reference: {
              type: 'lottery_transfer',
              id: ctx.idempotencyKey ?? `${ctx.memberId}-${this.clock.now().getTime()}`,
            },
            ...(ctx.idempotencyKey
              ? { idempotencyKey: `lottery-transfer:${ctx.memberId}:${ctx.idempotencyKey}` }
              : {}),
            remark: direction === 'in' ? '主钱包转入彩票钱包' : '彩票钱包转出到主钱包',
          });
          const main = direction === 'in' ? debit : credit;
          const lottery = direction === 'in' ? credit : debit;
          return {
            direction,
            amount: formatFen(amount),
            main_balance: formatFen(main.balanceAfter),
            lottery_balance: formatFen(lottery.balanceAfter),
          };
        } catch (err) {
          if (isRefusal(err, 'ledger.insufficient_balance'))
            throw refuse(
              direction === 'in' ? 'ledger.main_wallet_insufficient' : 'ledger.lottery_wallet_insufficient',
            );
          throw err;
        }
      },
    );
    return data;
  }
}
