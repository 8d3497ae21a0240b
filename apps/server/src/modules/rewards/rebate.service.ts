import type { FastifyBaseLogger } from 'fastify';
import {
  bpToPercent,
  formatFen,
  groupRebatableBets,
  REBATE_CATEGORIES,
  rebateRateBp,
  shanghaiDay,
  shanghaiDayStart,
  type RebateCategory,
  type RebateGroup,
  type RebateStatus,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode, refuse } from '../../lib/errors.ts';
import { findMemberById } from '../accounts/index.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { RebateSource } from './rebate-sources.ts';
import { toRebateItem, toRebateRecord } from './rewards.mapper.ts';
import * as repo from './rewards.repo.ts';
import type { DayWindow } from '../../lib/day-window.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';

/** Bets read per category and apply; a member with more simply applies again. */
const MAX_BETS_PER_APPLY = 5_000;

export interface MoneyCall {
  memberId: number;
  idempotencyKey: string | undefined;
  route: string;
}

export type ClaimSelection = { kind: 'all' } | { kind: 'one'; id: number } | { kind: 'many'; ids: number[] };

/**
 * Rebates (反水): `apply` turns the member's settled valid bets not yet covered into claimable
 * records (one per category and Shanghai day, at the member's current VIP rate); claiming pays
 * each record once through the ledger (type `rebate`).
 */
export class RebateService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly sources: readonly RebateSource[],
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly clock: Clock,
    private readonly responsible: Pick<ResponsiblePlayService, 'assertMayPlay' | 'isExcluded'>,
  ) {}

  private async vipLevelOf(db: Db, memberId: number): Promise<number> {
    const member = await findMemberById(db, memberId);
    if (!member) throw refuse('accounts.member_not_found');
    return member.vipLevel;
  }

  private async groups(
    db: Db,
    memberId: number,
    vipLevel: number,
    settledBefore?: Date,
  ): Promise<RebateGroup[]> {
    const bets = [];
    for (const source of this.sources) {
      bets.push(...(await source.uncovered(db, memberId, MAX_BETS_PER_APPLY, settledBefore)));
    }
    return groupRebatableBets(bets, (c) => rebateRateBp(vipLevel, c));
  }

  /** What applying now would produce, per category (read only). */
  async estimate(memberId: number) {
    const vipLevel = await this.vipLevelOf(this.db, memberId);
    const groups = await this.groups(this.db, memberId, vipLevel);
    const categories = this.sources.map(({ category }) => {
      const mine = groups.filter((g) => g.category === category);
      return {
        category,
        category_name: REBATE_CATEGORIES[category],
        rate: bpToPercent(rebateRateBp(vipLevel, category)),
        valid_bet: formatFen(mine.reduce((a, g) => a + g.validBet, 0n)),
        bet_count: mine.reduce((a, g) => a + g.bets.length, 0),
        amount: formatFen(mine.reduce((a, g) => a + g.amount, 0n)),
      };
    });
    return {
      vip_level: vipLevel,
      total: formatFen(groups.reduce((a, g) => a + g.amount, 0n)),
      categories,
    };
  }

  async claimableStats(memberId: number) {
    const totals = await repo.rebateTotals(this.db, memberId, { status: 'claimable' });
    return {
      claimable_count: totals.reduce((a, t) => a + t.n, 0),
      claimable_amount: formatFen(totals.reduce((a, t) => a + t.amount, 0n)),
      pending: await this.estimate(memberId),
    };
  }

  /** Creates the claimable records for every settled valid bet not yet covered. */
  async apply(call: MoneyCall) {
    const { data } = await this.idempotency.run(
      { memberId: call.memberId, key: call.idempotencyKey, route: call.route, request: {} },
      async (work) => {
        await this.responsible.assertMayPlay(work, call.memberId, this.clock.now(), { kind: 'promotion' });
        return this.applyIn(work, call.memberId);
      },
    );
    return data;
  }

  private async applyIn(work: Work, memberId: number, settledBefore?: Date) {
    // One apply per member at a time: the second sees the bets the first covered.
    await lockForTransaction(work.tx, 'rebateApply', memberId);
    const vipLevel = await this.vipLevelOf(work.tx, memberId);
    const groups = await this.groups(work.tx, memberId, vipLevel, settledBefore);
    try {
      const records = await repo.insertRebates(work.tx, memberId, vipLevel, groups);
      return {
        created: records.length,
        total: formatFen(records.reduce((a, r) => a + r.amount, 0n)),
        records: records.map(toRebateRecord),
      };
    } catch (err) {
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw refuse('rewards.rebate_computing');
      throw err;
    }
  }

  /**
   * The daily run: every member's bets settled on days before today (Asia/Shanghai) become
   * claimable records without the member asking. Returns how many records it created.
   */
  async applyCompletedDays(now = this.clock.now(), onlyMembers?: number[]): Promise<number> {
    const before = shanghaiDayStart(shanghaiDay(now));
    const due = new Set<number>();
    for (const source of this.sources) {
      for (let after = 0; ;) {
        const ids = await source.membersWithUncovered(this.db, before, after, 1_000);
        for (const id of ids) due.add(id);
        if (ids.length < 1_000) break;
        after = ids.at(-1)!;
      }
    }
    let created = 0;
    for (const memberId of due) {
      if (onlyMembers && !onlyMembers.includes(memberId)) continue;
      // No rebate is prepared for a member in a time-out or self-exclusion; their bets stay
      // uncovered, so a later run (or their own apply) covers them once it has ended.
      if (await this.responsible.isExcluded(this.db, memberId, now)) continue;
      try {
        const result = await inTransaction(this.db, (work) => this.applyIn(work, memberId, before), this.log);
        created += result.created;
      } catch (err) {
        this.log.error({ err, memberId }, 'daily rebate run failed for a member');
      }
    }
    return created;
  }

  /** Pays claimable records once each; a concurrent claim of the same record pays nothing. */
  async claim(call: MoneyCall, selection: ClaimSelection) {
    const ids =
      selection.kind === 'one'
        ? [selection.id]
        : selection.kind === 'many'
          ? [...new Set(selection.ids)]
          : undefined;
    const { data } = await this.idempotency.run(
      {
        memberId: call.memberId,
        key: call.idempotencyKey,
        route: call.route,
        request: { ids: ids ?? 'all' },
      },
      async (work) => {
        await this.responsible.assertMayPlay(work, call.memberId, this.clock.now(), { kind: 'promotion' });
        if (ids) {
          const found = await repo.rebateStatuses(work.tx, call.memberId, ids);
          if (found.length !== ids.length) throw refuse('rewards.rebate_not_found');
        }
        const records = await repo.lockClaimable(work.tx, call.memberId, ids);
        if (records.length === 0) {
          if (selection.kind === 'all') throw refuse('rewards.nothing_to_claim');
          throw refuse(selection.kind === 'one' ? 'rewards.rebate_claimed' : 'rewards.rebates_claimed');
        }
        return this.pay(work, call.memberId, records);
      },
    );
    return data;
  }

  private async pay(work: Work, memberId: number, records: Awaited<ReturnType<typeof repo.lockClaimable>>) {
    let amount = 0n;
    let balance = 0n;
    for (const record of records) {
      const entry = await this.ledger.post(work, {
        memberId,
        amount: record.amount,
        type: 'rebate',
        reference: { type: 'rebate_record', id: record.id },
        idempotencyKey: `rebate:${record.id}`,
        remark: `${REBATE_CATEGORIES[record.category]}返水 ${record.betDate}`,
      });
      await repo.markClaimed(work.tx, record.id, entry.entryId, this.clock.now());
      amount += record.amount;
      balance = entry.balanceAfter;
    }
    return {
      claimed: records.length,
      amount: formatFen(amount),
      balance: formatFen(balance),
      record_ids: records.map((r) => r.id),
    };
  }

  async list(
    memberId: number,
    q: {
      category?: RebateCategory | undefined;
      status?: RebateStatus | undefined;
      page: number;
      per_page: number;
    },
    window: DayWindow,
  ) {
    const { rows, total } = await repo.listRebates(
      this.db,
      memberId,
      { category: q.category, status: q.status, ...window.dayFilter },
      { page: q.page, perPage: q.per_page },
    );
    return {
      list: rows.map(toRebateRecord),
      total,
      page: q.page,
      per_page: q.per_page,
      has_more: q.page * q.per_page < total,
    };
  }

  async detail(memberId: number, id: number) {
    const record = await repo.findRebate(this.db, memberId, id);
    if (!record) throw refuse('rewards.rebate_not_found');
    const items = await repo.itemsOf(this.db, record.id);
    return { ...toRebateRecord(record), bets: items.map(toRebateItem) };
  }

  async stats(memberId: number, window: DayWindow) {
    const [inRange, allTime] = await Promise.all([
      repo.rebateTotals(this.db, memberId, window.dayFilter),
      repo.rebateTotals(this.db, memberId, { status: 'claimed' }),
    ]);
    const sumOf = (rows: typeof inRange, status?: RebateStatus) =>
      rows.filter((r) => !status || r.status === status).reduce((a, r) => a + r.amount, 0n);
    return {
      start_date: window.startDay,
      end_date: window.endDay,
      total_claimed: formatFen(sumOf(inRange, 'claimed')),
      total_claimable: formatFen(sumOf(inRange, 'claimable')),
      total_valid_bet: formatFen(inRange.reduce((a, r) => a + r.validBet, 0n)),
      record_count: inRange.reduce((a, r) => a + r.n, 0),
      all_time_claimed: formatFen(sumOf(allTime)),
      by_category: this.sources.map(({ category }) => {
        const mine = inRange.filter((r) => r.category === category);
        return {
          category,
          category_name: REBATE_CATEGORIES[category],
          valid_bet: formatFen(mine.reduce((a, r) => a + r.validBet, 0n)),
          bet_count: mine.reduce((a, r) => a + r.bets, 0),
          amount: formatFen(mine.reduce((a, r) => a + r.amount, 0n)),
        };
      }),
    };
  }
}
