import { BET_REFUSAL_REASONS, type BetRefusalReason } from '@app/shared/backoffice';
import { PLAY_TYPES, type PlayTypeId } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { pageOf } from '../../lib/paging.ts';
import { pageRefusals, type RefusalFilter, type RefusalListRow } from './refusals.repo.ts';
import { optionName } from './sports.mapper.ts';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function toItem(r: RefusalListRow) {
  const play = PLAY_TYPES[r.play_type as PlayTypeId] as (typeof PLAY_TYPES)[PlayTypeId] | undefined;
  return {
    id: Number(r.id),
    member_id: Number(r.member_id),
    username: r.username ?? `#${r.member_id}`,
    order_no: r.order_no,
    match_id: Number(r.match_id),
    match_no: r.match_no,
    home: r.home,
    away: r.away,
    kickoff_at: iso(r.kickoff_at),
    play_type: play?.name ?? r.play_type,
    option: optionName(r.play_type, r.option_key),
    stage: r.stage,
    reason: r.reason,
    reason_name: BET_REFUSAL_REASONS[r.reason as BetRefusalReason] ?? r.reason,
    message: r.message,
    feed_event_at: r.feed_event_at === null ? null : iso(r.feed_event_at),
    requested_at: iso(r.requested_at),
    decided_at: iso(r.decided_at),
  };
}

/** The console's record of bets refused because their match had moved on (issue 43, point 2). */
export class BetRefusalsService {
  constructor(private readonly db: Db) {}

  async list(q: RefusalFilter) {
    const { rows, total } = await pageRefusals(this.db, q);
    return pageOf(rows.map(toItem), total, q);
  }
}
