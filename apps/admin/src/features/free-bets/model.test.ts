import { freeBetGrantBody } from '@app/shared/backoffice';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  grantBodyOf,
  grantDefaults,
  grantMessage,
  oddsText,
  revocable,
  valueProblem,
  type FreeBet,
  type FreeBetGrant,
} from './model.ts';

const ticket = (over: Partial<FreeBet> = {}): FreeBet => ({
  id: 3,
  member_id: 12,
  username: 'demo001',
  title: '周末免费投注券',
  value: '10.00',
  min_odds: '1.50',
  plays_text: '单关、串关（N串1）',
  expires_at: '2026-12-08T12:00:00.000Z',
  status: 'available',
  order_no: null,
  winnings: null,
  grant_id: 1,
  created_at: '2026-12-01T12:00:00.000Z',
  ...over,
});

const granted = (over: Partial<FreeBetGrant> = {}): FreeBetGrant => ({
  grant_id: 5,
  status: 'granted',
  members: 1,
  excluded: 0,
  total: '10.00',
  pending_change: null,
  ...over,
});

describe('the grant form', () => {
  it('opens on a member, 1.50, 单关 and 串关（N串1）, a week ahead to the minute', () => {
    const now = dayjs('2026-12-01T12:34:56.789Z');
    const defaults = grantDefaults(now);
    expect(defaults).toMatchObject({ target: 'member', min_odds: 1.5, plays: ['single', 'parlay'] });
    expect(dayjs.isDayjs(defaults.expires_at) && defaults.expires_at.toISOString()).toBe(
      now.add(7, 'day').startOf('minute').toISOString(),
    );
  });

  it('sends a member grant as the contract takes it: the name trimmed, the odds in two decimals', () => {
    const body = grantBodyOf({
      ...grantDefaults(dayjs('2026-12-01T12:00:00.000Z')),
      username: ' demo001 ',
      tag: '残留标签',
      vip_min: 3,
      title: ' 周末免费投注券 ',
      value: '10',
    });
    expect(body).toEqual({
      target: 'member',
      username: 'demo001',
      tag: null,
      vip_min: null,
      title: '周末免费投注券',
      value: '10',
      min_odds: '1.50',
      plays: ['single', 'parlay'],
      expires_at: '2026-12-08T12:00:00.000Z',
    });
    expect(freeBetGrantBody.safeParse(body).success).toBe(true);
  });

  it('sends only the field of the chosen target: a VIP level (0 included) or a tag', () => {
    const vip = grantBodyOf({
      target: 'vip',
      username: 'demo001',
      vip_min: 0,
      title: '会员福利',
      value: 1000,
      min_odds: '1.8',
      plays: ['system', 'single'],
      expires_at: '2026-12-08 20:00:00',
    });
    expect(vip).toMatchObject({ target: 'vip', username: null, tag: null, vip_min: 0, min_odds: '1.80' });
    expect(vip.plays).toEqual(['single', 'system']);
    expect(vip.expires_at).toBe(new Date('2026-12-08 20:00:00').toISOString());
    expect(freeBetGrantBody.safeParse(vip).success).toBe(true);

    const tag = grantBodyOf({
      ...grantDefaults(),
      target: 'tag',
      tag: ' 高价值 ',
      title: '标签券',
      value: '2',
    });
    expect(tag).toMatchObject({ target: 'tag', username: null, tag: '高价值', vip_min: null });
    expect(freeBetGrantBody.safeParse(tag).success).toBe(true);
  });

  it('leaves a missing target field for the contract to name', () => {
    const body = grantBodyOf({
      ...grantDefaults(),
      target: 'vip',
      vip_min: '',
      title: '会员福利',
      value: '2',
    });
    expect(body.vip_min).toBeNull();
    const parsed = freeBetGrantBody.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain('请填写VIP等级');
  });

  it('takes a 券面金额 of whole 2元 up to 20,000 元', () => {
    expect(valueProblem('10')).toBeNull();
    expect(valueProblem('2.00')).toBeNull();
    expect(valueProblem(20_000)).toBeNull();
    expect(valueProblem('3')).toBe('券面金额须为2元的整数倍');
    expect(valueProblem('2.5')).toBe('券面金额须为2元的整数倍');
    expect(valueProblem('20002')).toBe('金额不能超过 20,000.00 元');
    expect(valueProblem('')).toBe('请输入金额');
    expect(valueProblem('-4')).toMatch(/^金额不能为负数/);
    expect(valueProblem('0')).toBe('金额须大于 0');
  });

  it('writes odds with two decimals, and what is not a number as typed', () => {
    expect(oddsText(1.5)).toBe('1.50');
    expect(oddsText(' 2 ')).toBe('2.00');
    expect(oddsText('abc')).toBe('abc');
    expect(oddsText(undefined)).toBe('');
  });
});

describe('the message after a grant', () => {
  it('counts the tickets and the members left out', () => {
    expect(grantMessage(granted())).toEqual({ type: 'success', text: '已发放 1 张，排除冷静期会员 0 位' });
    expect(grantMessage(granted({ members: 1200, excluded: 3, total: '12000.00' })).text).toBe(
      '已发放 1,200 张，排除冷静期会员 3 位',
    );
  });

  it('warns when nobody could be given one', () => {
    expect(grantMessage(granted({ members: 0, excluded: 1, total: '0.00' }))).toEqual({
      type: 'warning',
      text: '没有可发放的会员，未发放，排除冷静期会员 1 位',
    });
  });

  it('says a grant above the threshold waits for 复核, as the console says it elsewhere', () => {
    const pending = granted({
      status: 'pending',
      members: 150,
      total: '7500.00',
      pending_change: { id: 42, summary: '发放免费投注券：VIP0及以上 150 张，合计 7,500.00 元' },
    });
    expect(grantMessage(pending)).toEqual({
      type: 'success',
      text: '已提交复核（#42），需另一位管理员在「复核中心」通过后生效（共 150 张，合计 7,500.00 元，排除冷静期会员 0 位）',
    });
  });
});

describe('作废', () => {
  it('is offered for a ticket still 可使用 only', () => {
    expect(revocable(ticket())).toBe(true);
    for (const status of ['used', 'expired', 'revoked'] as const)
      expect(revocable(ticket({ status }))).toBe(false);
  });
});
