import { BONUS_TYPE_KEYS, BONUS_TYPES, formatFen, type BonusType } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { DayWindow } from '../../lib/day-window.ts';
import { refuse } from '../../lib/errors.ts';
import { toBonusLog } from './rewards.mapper.ts';
import * as repo from './rewards.repo.ts';

/** The member's bonus logs (SPEC.md §7 "Bonus"): every bonus paid by BonusService.grant. */
export class BonusLogsService {
  constructor(private readonly db: Db) {}

  async list(
    memberId: number,
    q: { type?: BonusType | undefined; page: number; per_page: number },
    w: DayWindow,
  ) {
    const { rows, total } = await repo.listBonusLogs(
      this.db,
      memberId,
      { type: q.type, from: w.from, to: w.to },
      { page: q.page, perPage: q.per_page },
    );
    return {
      list: rows.map(toBonusLog),
      total,
      page: q.page,
      per_page: q.per_page,
      has_more: q.page * q.per_page < total,
    };
  }

  async detail(memberId: number, id: number) {
    const row = await repo.findBonusLog(this.db, memberId, id);
    if (!row) throw refuse('rewards.bonus_log_not_found');
    return toBonusLog(row);
  }

  async stats(memberId: number, w: DayWindow) {
    const [inRange, allTime] = await Promise.all([
      repo.bonusTotalsByType(this.db, memberId, { from: w.from, to: w.to }),
      repo.bonusTotalsByType(this.db, memberId, {}),
    ]);
    return {
      start_date: w.startDay,
      end_date: w.endDay,
      count: inRange.reduce((a, r) => a + r.n, 0),
      total: formatFen(inRange.reduce((a, r) => a + r.total, 0n)),
      total_all_time: formatFen(allTime.reduce((a, r) => a + r.total, 0n)),
      by_type: BONUS_TYPE_KEYS.map((type) => {
        const row = inRange.find((r) => r.type === type);
        return { type, type_text: BONUS_TYPES[type], count: row?.n ?? 0, total: formatFen(row?.total ?? 0n) };
      }),
    };
  }

  types() {
    return BONUS_TYPE_KEYS.map((value) => ({ value, label: BONUS_TYPES[value] }));
  }
}
