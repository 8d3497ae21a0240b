import { formatFen, optionName, PLAY_TYPE_IDS, PLAY_TYPES, SPORTS, type PlayTypeId } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { OperatorsService } from '../operators/operators.service.ts';
import * as book from '../sports/book.repo.ts';
import { BOOK_DEFAULT_CAP_FEN, capOf } from '../sports/book.service.ts';
import { matchById } from '../sports/sports.repo.ts';
import type { OperatorCall } from './security.service.ts';

const iso = (v: Date | string) => new Date(v).toISOString();

/** Which scope a cap of an outcome comes from (the most specific row, as capOf decides). */
function capScopeOf(caps: readonly book.BookLimitRow[], o: book.OutcomeKey) {
  if (caps.some((c) => c.scope === 'match' && c.key === String(o.matchId))) return 'match' as const;
  if (caps.some((c) => c.scope === 'play_type' && c.key === o.playType)) return 'play_type' as const;
  if (caps.some((c) => c.scope === 'sport' && c.key === o.playType.split('.')[0])) return 'sport' as const;
  return 'default' as const;
}

/** The book's limits in the console: liability per outcome of open matches, and the caps. */
export class SportsBookAdmin {
  constructor(
    private readonly db: Db,
    private readonly operators: OperatorsService,
    private readonly clock: Clock,
  ) {}

  /** Outcomes of matches not yet settled with liability booked, biggest first, with cap and room. */
  async exposure(q: { page: number; per_page: number; match_id?: number | undefined }) {
    const { rows, total } = await book.openExposure(this.db, {
      matchId: q.match_id,
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    const caps = await book.allCaps(this.db);
    return pageOf(
      rows.map((r) => {
        const outcome = { matchId: Number(r.match_id), playType: r.play_type, optionKey: r.option_key };
        const liability = BigInt(r.liability);
        const cap = capOf(caps, outcome);
        const known = (PLAY_TYPE_IDS as readonly string[]).includes(r.play_type);
        return {
          key: `${outcome.matchId}:${r.play_type}:${r.option_key}`,
          match_id: outcome.matchId,
          match_no: r.match_no,
          sport: r.sport,
          home: r.home,
          away: r.away,
          kickoff_at: iso(r.kickoff_at),
          play_type: r.play_type,
          play_name: known ? PLAY_TYPES[r.play_type as PlayTypeId].name : r.play_type,
          option: r.option_key,
          option_name: known ? optionName(r.play_type as PlayTypeId, r.option_key) : r.option_key,
          liability: formatFen(liability),
          cap: formatFen(cap),
          cap_scope: capScopeOf(caps, outcome),
          room: formatFen(cap - liability),
        };
      }),
      total,
      q,
    );
  }

  async caps() {
    const rows = await book.allCaps(this.db);
    return {
      default_cap: formatFen(BOOK_DEFAULT_CAP_FEN),
      list: rows.map((r) => ({
        scope: r.scope,
        key: r.key,
        max_liability: formatFen(r.maxLiability),
        reason: r.reason,
        operator_id: r.operatorId,
        updated_at: iso(r.updatedAt),
      })),
    };
  }

  /**
   * Sets (or, with null, removes) the liability cap per outcome of a sport, a play type or a
   * match. Submits read caps in their transaction, so the next order obeys it. Audited before → after.
   */
  async saveCap(
    b: { scope: book.BookScope; key: string; max_liability: bigint | null; reason: string },
    call: OperatorCall,
  ) {
    const key = await this.checkedKey(b.scope, b.key);
    const show = (v: bigint | null | undefined) => (v === null || v === undefined ? null : formatFen(v));
    await inTransaction(this.db, async (work) => {
      const before = await book.lockCap(work.tx, b.scope, key);
      if (b.max_liability === null) {
        if (!before) throw unprocessable('该范围没有单独设置的上限');
        await book.deleteCap(work.tx, b.scope, key);
      } else {
        await book.saveCap(work.tx, {
          scope: b.scope,
          key,
          maxLiability: b.max_liability,
          reason: b.reason,
          operatorId: call.operatorId,
          updatedAt: this.clock.now(),
        });
      }
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'sports.book_cap.save',
        targetType: 'book_cap',
        targetId: `${b.scope}:${key}`,
        reason: b.reason,
        detail: {
          scope: b.scope,
          key,
          before: show(before?.maxLiability),
          after: show(b.max_liability),
        },
        ip: call.ip,
      });
    });
    return this.caps();
  }

  private async checkedKey(scope: book.BookScope, raw: string): Promise<string> {
    switch (scope) {
      case 'sport':
        if (!(SPORTS as readonly string[]).includes(raw)) throw unprocessable('体育项目无效');
        return raw;
      case 'play_type':
        if (!(PLAY_TYPE_IDS as readonly string[]).includes(raw)) throw unprocessable('投注玩法无效');
        return raw;
      case 'member_default':
        if (raw !== 'max_stake' && raw !== 'max_payout_per_match') throw unprocessable('默认限额项目无效');
        return raw;
      case 'match': {
        const id = Number(raw);
        if (!Number.isSafeInteger(id) || id <= 0) throw unprocessable('比赛ID无效');
        if (!(await matchById(this.db, id))) throw notFound('比赛不存在');
        return String(id);
      }
    }
  }
}
