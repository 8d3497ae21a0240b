import { describe, expect, it } from 'vitest';
import {
  choiceEndsAt,
  durationWords,
  exclusionPhase,
  limitOutcome,
  outlasts,
  type PlayExclusion,
  type PlayLimit,
} from './model.ts';

const at = (iso: string) => Date.parse(iso);

const timeout: PlayExclusion = {
  kind: 'timeout',
  starts_at: '2026-11-20T00:00:00.000Z',
  ends_at: '2026-11-21T00:00:00.000Z',
  return_requested_at: null,
  play_again_at: '2026-11-21T00:00:00.000Z',
  can_request_return: false,
};
const selfExclusion: PlayExclusion = {
  kind: 'self_exclusion',
  starts_at: '2026-05-20T00:00:00.000Z',
  ends_at: '2026-11-20T00:00:00.000Z',
  return_requested_at: null,
  play_again_at: null,
  can_request_return: false,
};

describe('exclusionPhase', () => {
  it('blocks play during a time-out and frees it at its end by the given clock', () => {
    expect(exclusionPhase(timeout, at('2026-11-20T12:00:00Z'))).toBe('active');
    expect(exclusionPhase(timeout, at('2026-11-21T00:00:00Z'))).toBeNull();
    expect(exclusionPhase(null, at('2026-11-20T12:00:00Z'))).toBeNull();
  });

  it('keeps a self-exclusion past its end blocked until the return request and its 24 h are over', () => {
    expect(exclusionPhase(selfExclusion, at('2026-08-01T00:00:00Z'))).toBe('active');
    const due = { ...selfExclusion, can_request_return: true };
    expect(exclusionPhase(due, at('2026-12-01T00:00:00Z'))).toBe('awaiting_return');
    const asked = {
      ...selfExclusion,
      return_requested_at: '2026-12-01T00:00:00.000Z',
      play_again_at: '2026-12-02T00:00:00.000Z',
    };
    expect(exclusionPhase(asked, at('2026-12-01T12:00:00Z'))).toBe('returning');
    expect(exclusionPhase(asked, at('2026-12-02T00:00:01Z'))).toBeNull();
  });
});

describe('limitOutcome', () => {
  const limit: PlayLimit = {
    kind: 'deposit',
    period: 'day',
    amount: '100.00',
    used: '0.00',
    remaining: '100.00',
    resets_at: '2026-11-20T16:00:00.000Z',
    pending: null,
  };

  it('says a limit in force applies at once', () => {
    expect(limitOutcome(limit)).toEqual({
      pending: false,
      message: '每日存款限额已设为 100.00 元，立即生效',
    });
  });

  it('says when a raise or removal takes effect in Beijing time and what holds until then', () => {
    const raised = { ...limit, pending: { amount: '1000.00', effective_at: '2026-11-21T08:05:00.000Z' } };
    expect(limitOutcome(raised)).toEqual({
      pending: true,
      message:
        '每日存款限额提高至 1,000.00 元将于 2026-11-21 16:05 生效（24小时冷静期），此前仍按 100.00 元执行。',
    });
    const removed = { ...limit, pending: { amount: null, effective_at: '2026-11-21T08:05:00.000Z' } };
    expect(limitOutcome(removed).message).toMatch(/^每日存款限额取消限额将于 2026-11-21 16:05 生效/);
  });
});

describe('choiceEndsAt', () => {
  it('adds hours for a time-out and calendar months for a self-exclusion', () => {
    const now = at('2026-11-20T08:00:00Z');
    expect(choiceEndsAt('timeout_7d', now).toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(choiceEndsAt('exclusion_6m', now).toISOString()).toBe('2027-05-20T08:00:00.000Z');
  });
});

describe('durationWords', () => {
  it('reads whole minutes and hours', () => {
    expect(durationWords(20)).toBe('不足1分钟');
    expect(durationWords(31 * 60 + 5)).toBe('31分钟');
    expect(durationWords(3_900)).toBe('1小时05分');
  });
});

describe('outlasts', () => {
  const now = at('2026-12-01T00:00:00Z');
  const sixMonths: PlayExclusion = {
    ...selfExclusion,
    starts_at: '2026-11-27T00:00:00.000Z',
    ends_at: '2027-05-27T00:00:00.000Z',
  };

  it('offers only a clearly longer pause than the one in force, not the same again days later', () => {
    expect(outlasts('exclusion_6m', sixMonths, now)).toBe(false);
    expect(outlasts('timeout_30d', sixMonths, now)).toBe(false);
    expect(outlasts('exclusion_1y', sixMonths, now)).toBe(true);
    expect(outlasts('timeout_7d', timeout, at('2026-11-20T12:00:00Z'))).toBe(true);
    expect(outlasts('timeout_24h', timeout, at('2026-11-20T12:00:00Z'))).toBe(false);
  });
});
