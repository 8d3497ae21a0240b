import { describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../errors.ts';
import { groupYuan } from '../money.ts';
import {
  isReasonName,
  REASON_AREAS,
  REASONS,
  reasonMessage,
  reasonOf,
  type ReasonName,
  type ReasonParams,
} from './index.ts';

/** The reasons whose message is a template. */
type TemplateName = { [N in ReasonName]: ReasonParams<N> extends undefined ? never : N }[ReasonName];

/**
 * Sample figures for every template: the compiler refuses this map when a template is added
 * without its sample, or when a sample does not fit its template's parameters.
 */
const SAMPLES: { [N in TemplateName]: ReasonParams<N> } = {
  'accounts.login_failed': { left: 2, wait: '15分钟' },
  'accounts.old_password_wrong': { left: 3, wait: '15分钟' },
  'accounts.login_password_wrong': { left: 3, wait: '15分钟' },
  'accounts.old_payment_password_wrong': { left: 3, wait: '15分钟' },
  'accounts.payment_password_wrong': { left: 3, wait: '15分钟' },
  'verification.resend_too_soon': { seconds: 42 },
  'verification.code_wrong': { left: 4 },
  'backoffice.member_flag_unchanged': { flag: '禁止登录' },
  'dual_control.change_decided': { status: '已通过' },
  'dual_control.change_waiting': { id: 12 },
  'limits.login_locked': { wait: '15分钟' },
  'limits.password_locked': { wait: '15分钟' },
  'limits.payment_password_locked': { wait: '15分钟' },
  'limits.register_too_often': { wait: '60分钟' },
  'limits.validate_too_often': { wait: '1分钟' },
  'limits.callback_too_often': { wait: '1分钟' },
  'limits.requests_too_often': { wait: '1分钟' },
  'request.day_range_invalid': { problem: '开始日期不能晚于结束日期' },
  'activities.already_applied': { rule: 'daily_checkin', status: '待审核' },
  'activities.not_eligible': { problem: '活动已结束' },
  'activities.application_decided': { status: '已通过' },
  'invite.code_changes_used_up': { limit: 3 },
  'realtime.test_failed': { detail: '推送服务不可用' },
  'reports.range_too_long': { days: 366 },
  'lottery.close_seconds_too_long': { under: 60 },
  'lottery.off_sale': { lottery: '重庆时时彩' },
  'lottery.period_not_found': { period: '20301112-023' },
  'lottery.period_not_open': { period: '20301112-023' },
  'lottery.period_closed': { period: '20301112-023' },
  'lottery.bet_size_invalid': { line: 2, problem: '倍数须为1-9999的整数' },
  'lottery.bet_codes_invalid': { line: null, play: '前三直选', problem: '号码「11」超出范围（0-9）' },
  'lottery.slip_play_not_found': { line: 3 },
  'lottery.slip_over_max': { max: '200000.00' },
  'lottery.stake_changed': { total: '12.00' },
  'lottery.chase_over_max': { max: '1000000.00' },
  'lottery.chase_total_changed': { total: '36.00' },
  'lottery.chase_start_closed': { period: '20301112-023' },
  'lottery.cancel_after_close': { period: '20301112-023' },
  'games.provider_rejected': { problem: '游戏平台维护中' },
  'games.transfer_in_failed': { cause: '游戏平台拒绝' },
  'games.transfer_out_failed': { cause: '游戏平台拒绝' },
  'sports.slip_match_not_found': { id: '42' },
  'sports.match_closed': { match: '周三001', status: '已结束' },
  'sports.match_stopped': { match: '周三001' },
  'sports.market_not_open': { match: '周三001', play: '让球胜平负' },
  'sports.market_suspended': { match: '周三001', play: '让球胜平负' },
  'sports.live_play_unavailable': { match: '周三001', play: '比分' },
  'sports.live_closed': { match: '周三001', cause: '比赛末段' },
  'sports.live_suspended': { match: '周三001', cause: '进球' },
  'sports.slip_invalid': { problem: '混合过关至少选择2场比赛' },
  'sports.over_member_stake': { limit: '1000.00', best: '1,000' },
  'sports.boost_budget_below_spent': { spent: '1200.00' },
  'sports.cash_out_unavailable': { why: '注单中有赛事暂停交易，暂不能提前结算' },
  'sports.follow_refused': { why: '该晒单已截止跟单' },
  'syndicates.plan_invalid': { problem: '每份金额不能低于1元' },
  'syndicates.closing': { minutes: 5 },
  'syndicates.closing_period': { seconds: 10 },
  'syndicates.not_open': { status: '流产' },
  'syndicates.sold_out': { left: 3 },
  'support.too_fast': { wait: '20秒' },
  'support.taken': { operator: '客服小李' },
  'syndicates.not_failable': { status: '已出票' },
  'sports.cash_out_offer_changed': { offer: '12.66' },
  'red_packets.not_started': { at: '20:00' },
  'free_bets.not_available': { status: '已使用' },
  'free_bets.not_usable': { problem: '每场赔率须不低于1.50' },
  'free_bets.too_many': { max: 5000 },
  'red_packets.not_eligible': { problem: '当日存款满100.00元' },
  'sports.over_member_payout': { match: '周三001', limit: '50000.00', left: '1200.00', best: '400' },
  'sports.book_cap_reached': { match: '周三001', play: '胜平负', option: '主胜', best: '2,000' },
  'payments.under_min': { min: '10.00' },
  'payments.over_max': { max: '50000.00' },
  'payments.usdt_order_open': { order_no: 'D20301112000123', usdt_amount: '1500.00' },
  'payments.declared_usdt_differs': { declared: '100.00', ordered: '120.00' },
  'payments.method_min_not_positive': { method: '支付宝' },
  'payments.method_min_over_max': { method: '支付宝' },
  'withdrawals.too_many_accounts': { max: 10 },
  'withdrawals.holder_not_real_name': { realName: '*三' },
  'withdrawals.under_min': { min: '100.00' },
  'withdrawals.over_max': { max: '50000.00' },
  'withdrawals.turnover_required': { amount: '300.00' },
  'withdrawals.daily_count_used': { daily: 3 },
  'withdrawals.decided': { status: '已打款' },
  'withdrawals.tx_id_used': { order_no: 'W20301112000123' },
  'responsible.timed_out': { doing: '投注、充值或转入', until: '2030-06-13 18:00' },
  'responsible.self_excluded': { doing: '投注、充值或转入', until: '2030-12-12 12:00' },
  'responsible.return_not_requested': { doing: '投注、充值或转入', ended: '2030-06-12 12:00' },
  'responsible.return_waiting': { doing: '参加活动、领取彩金或返水', from: '2030-06-13 12:00' },
  'responsible.limit_exceeded': { limit: '每日投注限额', left: '120.00', resets: '6月13日 00:00' },
  'responsible.limit_reached': { limit: '每周亏损限额', left: '0.00', resets: '6月17日 00:00' },
  'responsible.exclusion_not_shortenable': { kind: 'timeout', until: '2030-06-13 18:00' },
  'responsible.self_exclusion_running': { until: '2030-12-12 12:00' },
  'responsible.return_requested': { from: '2030-06-13 12:00' },
};

const NAME = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*\.[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const CJK = /[\u4e00-\u9fff]/;
const names = Object.keys(REASONS) as ReasonName[];

describe('the reasons catalogue', () => {
  it('names every reason once, as <area>.<what> in snake_case, in its own area’s file', () => {
    const listed = Object.entries(REASON_AREAS).flatMap(([area, catalogue]) =>
      Object.keys(catalogue).map((name) => ({ area, name })),
    );
    // Spreading the areas into REASONS would let a repeated name replace another silently.
    expect(listed.map((r) => r.name).sort()).toEqual([...names].sort());
    expect(new Set(listed.map((r) => r.name)).size).toBe(listed.length);
    for (const { area, name } of listed) {
      expect(name, name).toMatch(NAME);
      expect(name.split('.')[0], name).toBe(area);
    }
  });

  it('gives every reason an error status and a Chinese message; every template renders its figures', () => {
    for (const name of names) {
      const { status, message } = REASONS[name];
      expect(Object.keys(HTTP_MESSAGES).map(Number), name).toContain(status);
      expect(status, name).toBeGreaterThanOrEqual(400);
      const sample = (SAMPLES as Record<string, unknown>)[name];
      if (typeof message === 'string') {
        expect(sample, `${name} has a fixed message and needs no sample`).toBeUndefined();
        expect(message, name).toMatch(CJK);
        continue;
      }
      expect(sample, `${name} is a template: give it a sample`).toBeDefined();
      const text = reasonMessage(name, sample as never);
      expect(text, name).toMatch(CJK);
      expect(text, name).not.toMatch(/undefined|NaN|\[object /);
      // A template shows some of its figures (a failed sign-in shows the tries left, not the lock's length).
      // Amounts of 元 show as people read them (200000.00 as 200,000.00).
      const figures = Object.values(sample as object).flatMap((f) => [String(f), groupYuan(String(f))]);
      expect(
        figures.some((f) => text.includes(f)),
        `${name}: ${text}`,
      ).toBe(true);
    }
  });

  it('renders a few messages exactly as members have always read them', () => {
    expect(reasonMessage('accounts.login_failed', { left: 0, wait: '15分钟' })).toBe(
      '用户名或密码错误，登录已暂时锁定，请15分钟后再试',
    );
    expect(reasonMessage('accounts.login_failed', { left: 2, wait: '15分钟' })).toBe(
      '用户名或密码错误，还可尝试2次',
    );
    expect(reasonMessage('accounts.login_failed', { left: 4, wait: '15分钟' })).toBe('用户名或密码错误');
    expect(reasonMessage('accounts.payment_password_wrong', { left: 0, wait: '15分钟' })).toBe(
      '支付密码错误次数过多，请15分钟后再试',
    );
    expect(reasonMessage('dual_control.change_waiting', { id: 7 })).toBe(
      '已有一项待复核的同类变更（#7），请先复核或撤回',
    );
  });

  it('reads a reason from an envelope’s data, and nothing else', () => {
    expect(reasonOf({ reason: 'accounts.login_failed', retry_after: 5 })).toBe('accounts.login_failed');
    expect(reasonOf({ reason: 'accounts.no_such_thing' })).toBeNull();
    expect(reasonOf({ reason: 'toString' })).toBeNull();
    expect(reasonOf(null)).toBeNull();
    expect(reasonOf('accounts.login_failed')).toBeNull();
    expect(isReasonName('hasOwnProperty')).toBe(false);
  });
});
