import {
  formatSportsOdds,
  FREE_BET_PLAY_KEYS,
  parseSportsOdds,
  parseYuan,
  type FreeBetPlay,
} from '@app/shared';
import { amountInputProblem, type FreeBetTarget } from '@app/shared/backoffice';
import type { BackofficeResponse, BackofficeRow } from '@app/shared/backoffice-api';
import dayjs, { type Dayjs } from 'dayjs';
import { doneOrPending } from '@/lib/api.ts';
import { count, yuan } from '@/lib/format.ts';

export type FreeBet = BackofficeRow<'/admin/v1/free-bets'>;
export type FreeBetGrant = BackofficeResponse<'POST', '/admin/v1/free-bets/grants'>;

/** The grant form's values as the form holds them (text fields, the picker's own value). */
export interface GrantValues {
  target?: FreeBetTarget;
  username?: string;
  tag?: string;
  vip_min?: number | string | null;
  title?: string;
  value?: string | number;
  min_odds?: number | string;
  plays?: FreeBetPlay[];
  expires_at?: Dayjs | string;
}

/** The largest 券面金额 the contract takes: 20,000 元. */
export const MAX_VALUE_FEN = 2_000_000n;
/** A ticket is one 竞彩 order's whole stake, so its value is whole 2元 bets. */
const UNIT_FEN = 200n;
/** How long a new ticket lasts unless the operator picks otherwise. */
export const DEFAULT_DAYS = 7;

/** The form as it opens: a member, 1.50, 单关 and 串关（N串1）, a week from now (to the minute). */
export function grantDefaults(now: Dayjs = dayjs()): GrantValues {
  return {
    target: 'member',
    min_odds: 1.5,
    plays: ['single', 'parlay'],
    expires_at: now.add(DEFAULT_DAYS, 'day').startOf('minute'),
  };
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
const orNull = (v: unknown): string | null => text(v) || null;

/** A picked time (text as the form gives it, or the picker's own value) → ISO 8601. */
const iso = (v: unknown): string => {
  if (dayjs.isDayjs(v)) return v.toISOString();
  const t = text(v);
  return t && dayjs(t).isValid() ? dayjs(t).toISOString() : '';
};

/** 1.5 → "1.50" (odds are sent as text with two decimals); what is not a number goes as typed. */
export function oddsText(v: unknown): string {
  const t = text(v);
  const hundredths = parseSportsOdds(t);
  return hundredths === null ? t : formatSportsOdds(hundredths);
}

/**
 * Form values → the request body (checked against `freeBetGrantBody` before sending): only the
 * field of the chosen 发放对象 is sent, the others null; the plays in their usual order.
 */
export function grantBodyOf(values: GrantValues): Record<string, unknown> {
  const target = values.target ?? 'member';
  const vip = text(values.vip_min);
  return {
    target,
    username: target === 'member' ? orNull(values.username) : null,
    tag: target === 'tag' ? orNull(values.tag) : null,
    vip_min: target === 'vip' && vip !== '' ? Number(vip) : null,
    title: text(values.title),
    value: text(values.value),
    min_odds: oddsText(values.min_odds),
    plays: FREE_BET_PLAY_KEYS.filter((p) => values.plays?.includes(p)),
    expires_at: iso(values.expires_at),
  };
}

/** What is wrong with a typed 券面金额, in words, or null: an amount up to 20,000 元 in whole 2元. */
export function valueProblem(input: unknown): string | null {
  const problem = amountInputProblem(input, { maxFen: MAX_VALUE_FEN });
  if (problem) return problem;
  const parsed = parseYuan(text(input));
  return parsed.ok && parsed.fen % UNIT_FEN === 0n ? null : '券面金额须为2元的整数倍';
}

/**
 * The message after a grant: how many tickets went out and how many members were left out (a
 * time-out or self-exclusion), or — above the approval threshold — the console's 复核 message
 * with what waits for it.
 */
export function grantMessage(result: FreeBetGrant): { type: 'success' | 'warning'; text: string } {
  const excluded = `，排除冷静期会员 ${count(result.excluded)} 位`;
  if (result.status === 'pending')
    return {
      type: 'success',
      text: `${doneOrPending(result, '已提交复核')}（共 ${count(result.members)} 张，合计 ${yuan(result.total)} 元${excluded}）`,
    };
  if (result.members === 0) return { type: 'warning', text: `没有可发放的会员，未发放${excluded}` };
  return { type: 'success', text: `已发放 ${count(result.members)} 张${excluded}` };
}

/** A ticket the console may still revoke: only one the member can still use. */
export const revocable = (r: FreeBet) => r.status === 'available';
