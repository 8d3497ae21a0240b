import { describe, expect, it } from 'vitest';
import { newOrderNo, startOfChinaDay } from './order-no.ts';

describe('order numbers and the China day', () => {
  it('stamps the prefix, the UTC second and six random digits', () => {
    expect(newOrderNo('W', new Date('2026-11-21T17:23:01.999Z'))).toMatch(/^W20261121172301\d{6}$/);
  });
  it('starts the day at midnight UTC+8, where daily limits reset', () => {
    expect(startOfChinaDay(new Date('2026-11-21T15:59:59Z')).toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(startOfChinaDay(new Date('2026-11-21T16:00:00Z')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
  });
});
