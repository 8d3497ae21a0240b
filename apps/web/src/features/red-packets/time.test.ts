import { describe, expect, it } from 'vitest';
import { clockText, countdownText, nextPollMs } from './time.ts';

describe('red packet times', () => {
  it('says when a rain starts in Beijing time, with the date when it is not today', () => {
    const today = Date.parse('2030-06-12T04:00:00Z');
    expect(clockText('2030-06-12T12:00:00Z', today)).toBe('20:00');
    expect(clockText('2030-06-12T17:30:00Z', today)).toBe('06-13 01:30');
  });

  it('counts down minutes and seconds, hours when over one, never below zero', () => {
    expect(countdownText(299_400)).toBe('04:59');
    expect(countdownText(3_725_000)).toBe('1:02:05');
    expect(countdownText(-5)).toBe('00:00');
  });

  it('asks again every 15 s while it rains, at the next start when it is near, else each minute', () => {
    const now = Date.parse('2030-06-12T04:00:00Z');
    expect(nextPollMs([{ status: 'running', starts_at: '2030-06-12T03:59:00Z' }], now)).toBe(15_000);
    expect(nextPollMs([{ status: 'upcoming', starts_at: '2030-06-12T04:02:00Z' }], now)).toBe(120_500);
    expect(nextPollMs([{ status: 'upcoming', starts_at: '2030-06-12T05:00:00Z' }], now)).toBe(60_000);
    expect(nextPollMs([], now)).toBe(60_000);
  });
});
