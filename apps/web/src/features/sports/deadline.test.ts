import { afterEach, describe, expect, it } from 'vitest';
import { serverNow, serverOffset, syncServerTime } from './clock.ts';
import {
  closedLegs,
  closedMatchIds,
  closedReason,
  inPlayState,
  isSalesClosed,
  liveStateText,
  salesCloseAt,
  type SaleState,
} from './deadline.ts';

const CLOSE = Date.parse('2026-11-21T12:00:00.000Z');

function sale(overrides: Partial<SaleState> = {}): SaleState {
  return {
    status: 'scheduled',
    betting_open: true,
    kickoff_at: '2026-11-21T12:00:00.000Z',
    sales_close_at: '2026-11-21T12:00:00.000Z',
    ...overrides,
  };
}

afterEach(() => syncServerTime(0, 0));

describe('server clock', () => {
  it('keeps the offset of the last answer and applies it to the device clock', () => {
    // The server's answer says 12:00:00; it arrived when the device read 11:00:00.
    syncServerTime(CLOSE, CLOSE - 3_600_000);
    expect(serverOffset()).toBe(3_600_000);
    expect(serverNow(CLOSE - 3_600_000 + 500)).toBe(CLOSE + 500);
    // A later answer re-measures it; one without a time keeps what we had.
    syncServerTime(CLOSE, CLOSE + 2_000);
    expect(serverOffset()).toBe(-2_000);
    syncServerTime(undefined);
    expect(serverOffset()).toBe(-2_000);
  });
});

describe('is this option open now', () => {
  it('sells until the deadline, exclusive, as the server decides (kickoff > now)', () => {
    expect(closedReason(sale(), undefined, CLOSE - 1)).toBeNull();
    expect(closedReason(sale(), undefined, CLOSE)).toBe('closed');
    expect(closedReason(sale(), undefined, CLOSE + 60_000)).toBe('closed');
  });

  it('follows the server clock, not the device clock', () => {
    const deviceNow = CLOSE - 10_000;
    // The device thinks there are 10 s left; the server is 30 s ahead.
    syncServerTime(CLOSE + 20_000, deviceNow);
    expect(closedReason(sale(), undefined, deviceNow)).toBeNull();
    expect(closedReason(sale(), undefined, serverNow(deviceNow))).toBe('closed');
    // And the other way round: a device clock ahead of the server keeps it open.
    syncServerTime(CLOSE - 60_000, CLOSE + 5_000);
    expect(isSalesClosed(sale(), CLOSE + 5_000)).toBe(true);
    expect(isSalesClosed(sale(), serverNow(CLOSE + 5_000))).toBe(false);
  });

  it('uses sales_close_at when the server sets it apart from kick-off, else kick-off', () => {
    const early = sale({ sales_close_at: '2026-11-21T11:50:00.000Z' });
    expect(salesCloseAt(early)).toBe(CLOSE - 600_000);
    expect(closedReason(early, undefined, CLOSE - 600_000)).toBe('closed');
    const old = sale({ sales_close_at: undefined });
    expect(salesCloseAt(old)).toBe(CLOSE);
    expect(closedReason(old, undefined, CLOSE - 1)).toBeNull();
  });

  it('is closed once the match started or the feed stopped selling it, whatever the clock', () => {
    expect(closedReason(sale({ status: 'live' }), undefined, CLOSE - 3_600_000)).toBe('closed');
    expect(closedReason(sale({ status: 'postponed' }), undefined, CLOSE - 3_600_000)).toBe('closed');
    expect(closedReason(sale({ betting_open: false }), undefined, CLOSE - 3_600_000)).toBe('closed');
  });

  it('says 盘口暂停 for a suspended market of an open match, 已停售 first when both', () => {
    expect(closedReason(sale(), { suspended: true }, CLOSE - 1)).toBe('suspended');
    expect(closedReason(sale(), { suspended: false }, CLOSE - 1)).toBeNull();
    expect(closedReason(sale(), {}, CLOSE - 1)).toBeNull();
    expect(closedReason(sale(), { suspended: true }, CLOSE)).toBe('closed');
  });

  it('lists the closed matches and the slip legs that can no longer be placed', () => {
    const a = { id: 1, ...sale() };
    const b = { id: 2, ...sale({ sales_close_at: '2026-11-21T13:00:00.000Z' }) };
    expect([...closedMatchIds([a, b], CLOSE - 1)]).toEqual([]);
    expect([...closedMatchIds([a, b], CLOSE)]).toEqual([1]);

    const legs = [
      { id: 'a', sale: a, suspended: false },
      { id: 'b', sale: b, suspended: true },
      { id: 'unknown', sale: undefined, suspended: false },
    ];
    const closed = closedLegs(legs, (l) => ({ sale: l.sale, market: { suspended: l.suspended } }), CLOSE);
    expect(closed.map((c) => [c.leg.id, c.reason])).toEqual([
      ['a', 'closed'],
      ['b', 'suspended'],
    ]);
  });

  it('judges an in-play (滚球) option by its match: open, suspended with a reason, or stopped', () => {
    const live = { status: 'live' as const, live_betting: true, live_suspended: false };
    expect(inPlayState(live, undefined)).toBe('open');
    expect(inPlayState({ ...live, live_betting: false, live_suspended: true }, undefined)).toBe('suspended');
    expect(inPlayState(live, { suspended: true })).toBe('suspended');
    expect(inPlayState({ ...live, live_betting: false }, undefined)).toBe('closed');
    expect(inPlayState({ ...live, status: 'finished' }, undefined)).toBe('closed');
    expect(liveStateText({ live_suspend_reason: '红牌' }, 'suspended')).toBe('盘口暂停 · 红牌');
    expect(liveStateText({ live_suspend_reason: null }, 'suspended')).toBe('盘口暂停');
    expect(liveStateText({ live_suspend_reason: null }, 'closed')).toBe('已停止投注');
  });

  it('keeps an in-play leg through a passing suspension, drops it when play stops or an operator closes it', () => {
    const live = { status: 'live' as const, live_betting: true, live_suspended: false };
    const legs = [
      { id: 'open', live, suspended: false },
      { id: 'goal', live: { ...live, live_betting: false, live_suspended: true }, suspended: false },
      { id: 'operator', live, suspended: true },
      { id: 'stopped', live: { ...live, live_betting: false }, suspended: false },
    ];
    const closed = closedLegs(
      legs,
      (l) => ({ sale: undefined, market: { suspended: l.suspended }, live: l.live }),
      CLOSE + 3_600_000,
    );
    expect(closed.map((c) => [c.leg.id, c.reason])).toEqual([
      ['operator', 'suspended'],
      ['stopped', 'stopped'],
    ]);
  });
});
