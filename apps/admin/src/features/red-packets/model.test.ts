import { redPacketBody } from '@app/shared/backoffice';
import { describe, expect, it } from 'vitest';
import { bodyOf, formOf, totalsOf, type RedPacket } from './model.ts';

const packet = (over: Partial<RedPacket> = {}): RedPacket => ({
  id: 7,
  kind: 'rain',
  name: '周末红包雨',
  code: null,
  status: 'running',
  starts_at: '2026-12-01T12:00:00.000Z',
  ends_at: '2026-12-01T13:00:00.000Z',
  budget: '100.00',
  count: 10,
  min_amount: '1.00',
  turnover_multiple: 2,
  vip_min: 3,
  deposit_min: '50.00',
  turnover_min: null,
  conditions: { vip_min: 3, deposit_min: '50.00', turnover_min: null, text: 'VIP3及以上，当日存款满50.00元' },
  commitment: 'a'.repeat(64),
  seed: null,
  claimed: 2,
  claimed_amount: '19.99',
  remaining_amount: '80.01',
  pending_change: null,
  created_by: '系统管理员',
  created_at: '2026-11-30T12:00:00.000Z',
  ...over,
});

describe('the 红包 form', () => {
  it('sends a new 口令红包 as the contract takes it: blank conditions are none, the code trimmed', () => {
    const body = bodyOf(
      {
        kind: 'code',
        name: ' 口令红包 ',
        code: ' HAPPY2026 ',
        starts_at: '2026-12-01 20:00:00',
        ends_at: '2026-12-01 21:00:00',
        budget: '88.8',
        count: 8,
        min_amount: '0.01',
        turnover_multiple: 1.5,
        vip_min: '',
        deposit_min: '',
        turnover_min: '200',
      },
      null,
    );
    expect(body).toMatchObject({
      kind: 'code',
      name: '口令红包',
      code: 'HAPPY2026',
      budget: '88.8',
      count: 8,
      turnover_multiple: 1.5,
      vip_min: null,
      deposit_min: null,
      turnover_min: '200',
    });
    expect(redPacketBody.safeParse(body).success).toBe(true);
  });

  it('keeps a running one’s terms as they are: only the name and the end come from the form', () => {
    const row = packet();
    const body = bodyOf(
      { ...formOf(row), name: '加场红包雨', budget: '500', count: 99, ends_at: '2026-12-01 22:00:00' },
      row,
    );
    expect(body).toMatchObject({
      name: '加场红包雨',
      starts_at: row.starts_at,
      budget: '100.00',
      count: 10,
      vip_min: 3,
      deposit_min: '50.00',
    });
    expect(body.ends_at).toBe(new Date('2026-12-01 22:00:00').toISOString());
    expect(redPacketBody.safeParse(body).success).toBe(true);
  });

  it('sends no code for a 红包雨, whatever the form held', () => {
    const body = bodyOf(
      { ...formOf(packet({ status: 'upcoming' })), code: '残留口令' },
      packet({ status: 'upcoming' }),
    );
    expect(body.code).toBeNull();
  });
});

describe('the page’s totals', () => {
  it('sums budgets, claims and what is left in 分', () => {
    const totals = totalsOf([
      packet(),
      packet({
        id: 8,
        budget: '0.30',
        count: 3,
        claimed: 1,
        claimed_amount: '0.10',
        remaining_amount: '0.20',
      }),
    ]);
    expect(totals).toEqual({
      rows: 2,
      budget: '100.30',
      claimedAmount: '20.09',
      claimed: 3,
      count: 13,
      remaining: '80.21',
    });
    expect(totalsOf([])).toMatchObject({ rows: 0, budget: '0.00', claimed: 0 });
  });
});
