import { describe, expect, it } from 'vitest';
import { FEED_CANCEL_DEFAULT_REASON, voidTraceOf } from './void-trace.ts';

const at = (iso: string) => new Date(iso);

describe('voidTraceOf', () => {
  it('is null for an order none of whose matches was voided or resettled', () => {
    expect(voidTraceOf({ corrections: [], cancelled: [] })).toBeNull();
  });

  it("names the process and reason a cancelled match's result recorded", () => {
    const trace = voidTraceOf({
      corrections: [],
      cancelled: [
        {
          matchId: 1,
          result: {
            status: 'cancelled',
            reason: '比赛推迟超过36小时，按规则作废',
            by: 'job:sports-void-overdue',
          },
          finishedAt: at('2026-11-30T10:00:00Z'),
        },
      ],
    });
    expect(trace).toEqual({
      action: '作废',
      actor: 'job:sports-void-overdue',
      operatorId: null,
      operatorName: null,
      reason: '比赛推迟超过36小时，按规则作废',
      at: at('2026-11-30T10:00:00Z'),
    });
  });

  it('counts a cancelled result without an actor as the feed’s', () => {
    const trace = voidTraceOf({
      corrections: [],
      cancelled: [{ matchId: 1, result: { status: 'cancelled' }, finishedAt: null }],
    });
    expect(trace).toMatchObject({ actor: 'feed:settlement', reason: FEED_CANCEL_DEFAULT_REASON });
  });

  it("takes an operator's void from its correction, not from the match's void result", () => {
    const trace = voidTraceOf({
      corrections: [
        {
          matchId: 2,
          kind: 'void',
          reason: '假球调查',
          operatorId: 9,
          operatorName: 'risk_li',
          createdAt: at('2026-11-30T11:00:00Z'),
        },
      ],
      cancelled: [{ matchId: 2, result: { status: 'void' }, finishedAt: null }],
    });
    expect(trace).toEqual({
      action: '作废',
      actor: 'operator:9',
      operatorId: 9,
      operatorName: 'risk_li',
      reason: '假球调查',
      at: at('2026-11-30T11:00:00Z'),
    });
  });

  it('shows the latest change when several matches of a parlay were touched', () => {
    const trace = voidTraceOf({
      corrections: [
        {
          matchId: 3,
          kind: 'resettle',
          reason: '比分录入错误',
          operatorId: 4,
          operatorName: 'risk_wang',
          createdAt: at('2026-11-30T12:00:00Z'),
        },
      ],
      cancelled: [{ matchId: 5, result: { status: 'cancelled' }, finishedAt: at('2026-11-30T09:00:00Z') }],
    });
    expect(trace).toMatchObject({ action: '重新结算', actor: 'operator:4', reason: '比分录入错误' });
  });
});
