import { describe, expect, it } from 'vitest';
import { insertUnderFreshNumber, newOrderNo, ORDER_NO_ATTEMPTS, startOfChinaDay } from './order-no.ts';

describe('order numbers and the China day', () => {
  it('stamps the prefix, the UTC second and six random digits', () => {
    expect(newOrderNo('W', new Date('2026-11-21T17:23:01.999Z'))).toMatch(/^W20261121172301\d{6}$/);
  });
  it('starts the day at midnight UTC+8, where daily limits reset', () => {
    expect(startOfChinaDay(new Date('2026-11-21T15:59:59Z')).toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(startOfChinaDay(new Date('2026-11-21T16:00:00Z')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
  });

  it('draws another number while the one drawn is taken, and gives up after five', async () => {
    const taken = new Set(['A1', 'A2']);
    const numbers = ['A1', 'A2', 'A3', 'A4'];
    const tried: string[] = [];
    const insert = async (no: string) => {
      tried.push(no);
      return taken.has(no) ? undefined : { no };
    };
    await expect(insertUnderFreshNumber(() => numbers.shift()!, insert)).resolves.toEqual({ no: 'A3' });
    expect(tried).toEqual(['A1', 'A2', 'A3']);

    tried.length = 0;
    await expect(insertUnderFreshNumber(() => 'A1', insert)).rejects.toThrow('no free order number');
    expect(tried).toHaveLength(ORDER_NO_ATTEMPTS);
  });
});
