import { describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../errors.ts';
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
      const figures = Object.values(sample as object).map(String);
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
