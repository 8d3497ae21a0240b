import {
  formatFen,
  formatYuan,
  optionName,
  PLAY_TYPE_IDS,
  PLAY_TYPES,
  type PlayTypeId,
  SPORTS,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ControlChanges } from '../dual-control/index.ts';
import * as book from './book.repo.ts';
import { BOOK_DEFAULT_CAP_FEN, capOf } from './book.service.ts';
import { matchById } from './sports.repo.ts';
import type { OperatorCall } from '../../plugins/operator-guard.ts';

const iso = (v: Date | string) => new Date(v).toISOString();

/** Which scope a cap of an outcome comes from (the most specific row, as capOf decides). */
function capScopeOf(caps: readonly book.BookLimitRow[], o: book.OutcomeKey) {
  if (caps.some((c) => c.scope === 'match' && c.key === String(o.matchId))) return 'match' as const;
  if (caps.some((c) => c.scope === 'play_type' && c.key === o.playType)) return 'play_type' as const;
  if (caps.some((c) => c.scope === 'sport' && c.key === o.playType.split('.')[0])) return 'sport' as const;
  return 'default' as const;
}

interface CapChange {
  scope: book.BookScope;
  key: string;
  max_liability: bigint | null;
  reason: string;
}

const SCOPE_WORDS: Record<book.BookScope, string> = {
  sport: '体育项目',
  play_type: '玩法',
  match: '比赛',
  member_default: '会员默认限额',
};

/**
 * What a cap change lets through beyond what is in force, or null when it lets through no more.
 * A liability cap row overrides the one it inherits (a match's from its play types' and sport's,
 * a play type's from its sport's, a sport's from the default): setting one above that, raising
 * one, or removing one below it raises the book's limit. A member default (`max_stake`,
 * `max_payout_per_match`) limits nothing without a row: setting one never raises, removing one does.
 */
export function raises(
  caps: ReadonlyArray<Pick<book.BookLimitRow, 'scope' | 'key' | 'maxLiability'>>,
  change: { scope: book.BookScope; key: string; max_liability: bigint | null },
  current: bigint | undefined,
): { from: bigint | null; to: bigint | null } | null {
  const next = change.max_liability;
  if (change.scope === 'member_default') {
    if (current === undefined) return null;
    if (next === null) return { from: current, to: null };
    return next > current ? { from: current, to: next } : null;
  }
  const row = (scope: book.BookScope, key: string) =>
    caps.find((c) => c.scope === scope && c.key === key)?.maxLiability;
  let inherited = BOOK_DEFAULT_CAP_FEN;
  const lower = (v: bigint | undefined) => {
    if (v !== undefined && v < inherited) inherited = v;
  };
  if (change.scope === 'play_type') lower(row('sport', change.key.split('.')[0] ?? ''));
  if (change.scope === 'match') {
    // A match's cap overrides every play type's and its sport's: compare with the tightest of them.
    for (const c of caps) if (c.scope === 'play_type' || c.scope === 'sport') lower(c.maxLiability);
  }
  const from = current ?? inherited;
  const to = next ?? inherited;
  return to > from ? { from, to } : null;
}

/** The book's limits in the console: liability per outcome of open matches, and the caps. */
export class SportsBookAdmin {
  constructor(
    private readonly db: Db,
    private readonly operators: OperatorsService,
    private readonly clock: Clock,
    private readonly changes: ControlChanges,
  ) {
    changes.register<{ scope: book.BookScope; key: string; max_liability: string | null; reason: string }>({
      kind: 'sports.book_cap',
      permission: 'sports',
      apply: (work, p, ctx) =>
        this.saveIn(
          work,
          { ...p, max_liability: p.max_liability === null ? null : BigInt(p.max_liability) },
          ctx.checker,
          ctx,
        ),
    });
  }

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
   * match, or a book-wide member default. Submits read caps in their transaction, so the next
   * order obeys it. Audited before → after. A change that raises what the book lets through (see
   * `raises`) waits for a second operator (dual-control `sports.book_cap`); the answer then
   * carries the caps still in force and the pending change.
   */
  async saveCap(b: CapChange, call: OperatorCall) {
    const key = await this.checkedKey(b.scope, b.key);
    const change = { ...b, key };
    const pending = await inTransaction(this.db, async (work) => {
      const caps = await book.allCaps(work.tx);
      const current = await book.lockCap(work.tx, b.scope, key);
      const raised = raises(caps, change, current?.maxLiability);
      if (raised === null) {
        await this.saveIn(work, change, call);
        return undefined;
      }
      const show = (v: bigint | null | undefined) =>
        v === null || v === undefined ? '不限' : `${formatYuan(v)}元`;
      return this.changes.propose(
        work,
        {
          kind: 'sports.book_cap',
          targetType: 'book_cap',
          targetId: `${b.scope}:${key}`,
          summary: `提高${SCOPE_WORDS[b.scope]}「${key}」的上限：${show(raised.from)} → ${show(raised.to)}`,
          payload: {
            scope: b.scope,
            key,
            max_liability: b.max_liability?.toString() ?? null,
            reason: b.reason,
          },
          before: {
            max_liability: current ? formatFen(current.maxLiability) : null,
            in_force: show(raised.from),
          },
          after: {
            max_liability: b.max_liability === null ? null : formatFen(b.max_liability),
            in_force: show(raised.to),
          },
          reason: b.reason,
        },
        call,
      );
    });
    const caps = await this.caps();
    return pending ? { ...caps, pending_change: pending } : caps;
  }

  private async saveIn(
    work: Work,
    b: CapChange,
    call: { operatorId: number; ip: string },
    approval?: { changeId: number; makerId: number },
  ): Promise<void> {
    const show = (v: bigint | null | undefined) => (v === null || v === undefined ? null : formatFen(v));
    const before = await book.lockCap(work.tx, b.scope, b.key);
    if (b.max_liability === null) {
      if (!before) throw refuse('sports.cap_missing');
      await book.deleteCap(work.tx, b.scope, b.key);
    } else {
      await book.saveCap(work.tx, {
        scope: b.scope,
        key: b.key,
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
      targetId: `${b.scope}:${b.key}`,
      reason: b.reason,
      detail: {
        scope: b.scope,
        key: b.key,
        before: show(before?.maxLiability),
        after: show(b.max_liability),
        ...(approval ? { approved_change: approval.changeId, proposed_by: approval.makerId } : {}),
      },
      ip: call.ip,
    });
  }

  private async checkedKey(scope: book.BookScope, raw: string): Promise<string> {
    switch (scope) {
      case 'sport':
        if (!(SPORTS as readonly string[]).includes(raw)) throw refuse('sports.sport_invalid');
        return raw;
      case 'play_type':
        if (!(PLAY_TYPE_IDS as readonly string[]).includes(raw)) throw refuse('sports.play_invalid');
        return raw;
      case 'member_default':
        if (raw !== 'max_stake' && raw !== 'max_payout_per_match')
          throw refuse('sports.default_limit_invalid');
        return raw;
      case 'match': {
        const id = Number(raw);
        if (!Number.isSafeInteger(id) || id <= 0) throw refuse('sports.match_id_invalid');
        if (!(await matchById(this.db, id))) throw refuse('sports.match_not_found');
        return String(id);
      }
    }
  }
}
