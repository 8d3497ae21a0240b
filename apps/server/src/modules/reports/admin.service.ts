import { addDays, shanghaiDay, shanghaiDayStart } from '@app/shared';
import type { ReportRow } from '@app/shared/backoffice';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { findMemberIdByName } from '../accounts/index.ts';
import { dayFiguresOf, daysOf } from './figures.ts';
import * as repo from './admin.repo.ts';

/** Days one report may span. */
const MAX_DAYS = 366;

/** Reports by day and product (and by agent): the dashboard's figures over any range, newest day first. */
export class ReportsAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async daily(q: {
    from?: string | undefined;
    to?: string | undefined;
    agent?: string | undefined;
    page: number;
    per_page: number;
  }) {
    const today = shanghaiDay(this.clock.now());
    const to = q.to ?? today;
    const from = q.from ?? addDays(to, -29);
    if (from > to) throw refuse('reports.range_reversed');
    const days = daysOf(from, to);
    if (days.length > MAX_DAYS) throw refuse('reports.range_too_long', { days: MAX_DAYS });
    let agentId: number | undefined;
    if (q.agent) {
      agentId = await findMemberIdByName(this.db, q.agent);
      if (agentId === undefined) throw refuse('reports.agent_not_found');
    }
    // Only the page's days are summed: a long range pages on the server like any table.
    const pageDays = [...days].reverse().slice((q.page - 1) * q.per_page, q.page * q.per_page);
    if (!pageDays.length) return { list: [], total: days.length };
    const range = {
      from: shanghaiDayStart(pageDays[pageDays.length - 1]!),
      to: shanghaiDayStart(addDays(pageDays[0]!, 1)),
    };
    const [ledger, games, counts] = await Promise.all([
      repo.ledgerSumsByDay(this.db, range, agentId),
      repo.gameSumsByDay(this.db, range, agentId),
      repo.memberCountsByDay(this.db, range, agentId),
    ]);
    const figures = dayFiguresOf(pageDays, { ledger, games, ...counts });
    const list: ReportRow[] = figures.map((f) => ({
      day: f.day,
      deposits: f.deposits,
      withdrawals: f.withdrawals,
      sports_stakes: f.stakes.sports,
      sports_payouts: f.payouts.sports,
      lottery_stakes: f.stakes.lottery,
      lottery_payouts: f.payouts.lottery,
      games_stakes: f.stakes.games,
      games_payouts: f.payouts.games,
      stakes: f.stakes.total,
      payouts: f.payouts.total,
      ggr: f.ggr.total,
      bonuses: f.bonuses,
      rebates: f.rebates,
      new_members: f.new_members,
      active_members: f.active_members,
    }));
    return { list, total: days.length };
  }
}
