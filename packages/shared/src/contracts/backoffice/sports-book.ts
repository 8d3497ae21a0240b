import { z } from 'zod';
import { isoDate, moneyInput, moneyString, pageQuery } from '../common.ts';

/**
 * What a book row names: a sport, a play type (`football.winDrawLose`) or a match id (liability
 * caps per outcome); or `member_default` with key `max_stake` / `max_payout_per_match` (the
 * book-wide member limits where a member's own limit sets none).
 */
export const bookCapScope = z.enum(['sport', 'play_type', 'match', 'member_default']);

export const bookExposureQuery = pageQuery.extend({
  match_id: z.coerce.number().int().positive().optional(),
});
/** One outcome of an open match: what the house pays beyond stakes if it wins, its cap, the room left. */
export const bookExposureItem = z.object({
  /** `match_id:play_type:option`, unique per row. */
  key: z.string(),
  match_id: z.number().int(),
  match_no: z.string(),
  sport: z.string(),
  home: z.string(),
  away: z.string(),
  kickoff_at: isoDate,
  play_type: z.string(),
  play_name: z.string(),
  option: z.string(),
  option_name: z.string(),
  liability: moneyString,
  cap: moneyString,
  /** Where the cap comes from: the most specific row, or the book's default. */
  cap_scope: z.enum(['match', 'play_type', 'sport', 'default']),
  /** cap − liability (negative when a cap was lowered below what is already booked). */
  room: moneyString,
});

export const bookCapItem = z.object({
  scope: bookCapScope,
  key: z.string(),
  max_liability: moneyString,
  reason: z.string(),
  operator_id: z.number().int().nullable(),
  updated_at: isoDate,
});
export const bookCapList = z.object({
  /** The cap of an outcome no row covers. */
  default_cap: moneyString,
  list: z.array(bookCapItem),
});
export const bookCapBody = z.object({
  scope: bookCapScope,
  /** `football` / `basketball`; a play type such as `football.winDrawLose`; a match id; `max_stake` / `max_payout_per_match`. */
  key: z.string({ error: '请填写范围' }).trim().min(1, '请填写范围').max(50),
  /** Liability cap per outcome in 元; null removes the row (the next wider scope applies). */
  max_liability: moneyInput.nullable(),
  reason: z.string({ error: '请填写原因' }).trim().min(2, '请填写原因').max(200),
});
