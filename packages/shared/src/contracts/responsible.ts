import { z } from 'zod';
import { isoDate, moneyInput, moneyString } from './common.ts';

/**
 * 理性投注 (responsible play): the member's own limits, reality check, time-out and
 * self-exclusion. Periods follow the Asia/Shanghai calendar: a day from 00:00, a week from
 * Monday 00:00, a month from the 1st 00:00.
 */
export const PLAY_LIMIT_KINDS = ['deposit', 'loss', 'stake'] as const;
export type PlayLimitKind = (typeof PLAY_LIMIT_KINDS)[number];
export const PLAY_LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type PlayLimitPeriod = (typeof PLAY_LIMIT_PERIODS)[number];

export const PLAY_LIMIT_KIND_NAMES: Record<PlayLimitKind, string> = {
  deposit: '存款限额',
  loss: '亏损限额',
  stake: '投注限额',
};
/**
 * What each limit counts, as the server sums it from the ledger (responsible.repo.ts): a slot
 * game's stakes are placed inside the provider, out of our reach, so the money moved into a game
 * platform is what counts for games (and what a limit can stop in time).
 */
export const PLAY_LIMIT_KIND_COUNTS: Record<PlayLimitKind, string> = {
  deposit: '按到账的充值计算',
  stake: '体育、彩票按投注本金计算；电子游戏按转入游戏平台的金额计算；退款扣除',
  loss: '上述投注 − 派彩与游戏转出，不低于 0',
};
export const PLAY_LIMIT_PERIOD_NAMES: Record<PlayLimitPeriod, string> = {
  day: '每日',
  week: '每周',
  month: '每月',
};

/** A raise or removal of a limit waits this long; a lowering applies at once. */
export const LIMIT_COOLING_OFF_HOURS = 24;

/** Reality check intervals in minutes; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 30, 60, 120] as const;

/** Time-outs and self-exclusions a member may choose, with how long each lasts. */
export const EXCLUSION_CHOICES = {
  timeout_24h: { kind: 'timeout', label: '24小时', hours: 24 },
  timeout_7d: { kind: 'timeout', label: '7天', hours: 7 * 24 },
  timeout_30d: { kind: 'timeout', label: '30天', hours: 30 * 24 },
  exclusion_6m: { kind: 'self_exclusion', label: '6个月', months: 6 },
  exclusion_1y: { kind: 'self_exclusion', label: '1年', months: 12 },
  exclusion_5y: { kind: 'self_exclusion', label: '5年', months: 60 },
} as const;
export type ExclusionChoice = keyof typeof EXCLUSION_CHOICES;
const exclusionChoiceKeys = Object.keys(EXCLUSION_CHOICES) as [ExclusionChoice, ...ExclusionChoice[]];

/** A self-excluded member who asks to return may play again this long after asking. */
export const EXCLUSION_RETURN_WAIT_HOURS = 24;

const limitKind = z.enum(PLAY_LIMIT_KINDS, { error: '限额类型不正确' });
const limitPeriod = z.enum(PLAY_LIMIT_PERIODS, { error: '限额周期不正确' });

export const playLimitView = z
  .object({
    kind: limitKind,
    period: limitPeriod,
    /** In force now; null: no limit. */
    amount: moneyString.nullable(),
    /** Counted in the current period: deposits credited, stakes placed, or stakes − payouts (never below 0). */
    used: moneyString,
    /** What may still be deposited or staked this period; null when there is no limit. */
    remaining: moneyString.nullable(),
    /** When the current period ends (the next day, Monday or 1st, 00:00 Beijing time). */
    resets_at: isoDate,
    /** A raise (amount) or removal (amount null) waiting for its cooling-off. */
    pending: z.object({ amount: moneyString.nullable(), effective_at: isoDate }).nullable(),
  })
  .meta({ id: 'PlayLimit' });

export const setPlayLimitBody = z.object({
  kind: limitKind,
  period: limitPeriod,
  /** The new limit in 元 (more than 0); null removes it (after the cooling-off). */
  amount: moneyInput.refine((fen) => fen > 0n, '限额须大于0元').nullable(),
});

export const exclusionView = z
  .object({
    kind: z.enum(['timeout', 'self_exclusion']),
    starts_at: isoDate,
    ends_at: isoDate,
    /** Self-exclusion only: when the member asked to return (possible once ends_at has passed). */
    return_requested_at: isoDate.nullable(),
    /** When the member may play again: ends_at for a time-out; 24 h after the return request for a self-exclusion; null while no return was asked. */
    play_again_at: isoDate.nullable(),
    /** Self-exclusion that has run its term and awaits the member's request to return. */
    can_request_return: z.boolean(),
  })
  .meta({ id: 'PlayExclusion' });

export const startExclusionBody = z.object({
  choice: z.enum(exclusionChoiceKeys, { error: '请选择冷静期或自我排除时长' }),
  /** The login password: the second confirmation. */
  password: z.string({ error: '请输入登录密码' }).min(1, '请输入登录密码').max(64, '密码过长'),
});

export const realityCheckBody = z.object({
  minutes: z.union(
    REALITY_CHECK_MINUTES.map((m) => z.literal(m)) as unknown as [
      z.ZodLiteral<0>,
      z.ZodLiteral<30>,
      z.ZodLiteral<60>,
      z.ZodLiteral<120>,
    ],
    { error: '提醒间隔只能是关闭、30、60或120分钟' },
  ),
});

/** The member's play in this login session, as the reality check shows it. */
export const playSessionView = z
  .object({
    started_at: isoDate,
    /** The server's now, so the app counts from the server's clock. */
    now: isoDate,
    duration_seconds: z.number().int(),
    stakes: moneyString,
    payouts: moneyString,
    /** payouts − stakes: positive is a win. */
    net: moneyString,
    interval_minutes: z.number().int(),
    /** When the next reality check is due; null when off. */
    next_check_at: isoDate.nullable(),
  })
  .meta({ id: 'PlaySession' });

export const responsiblePlayView = z
  .object({
    limits: z.array(playLimitView),
    reality_check_minutes: z.number().int(),
    /** The time-out or self-exclusion in force (or a self-exclusion awaiting its return); null when none. */
    exclusion: exclusionView.nullable(),
    session: playSessionView,
  })
  .meta({ id: 'ResponsiblePlay' });
