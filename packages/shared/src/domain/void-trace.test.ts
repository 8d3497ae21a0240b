import { describe, expect, it } from 'vitest';
import { FEED_SETTLEMENT_ACTOR, MEMBER_ACTOR, jobActor, operatorActor, voidByLabel } from './void-trace.ts';

describe('voidByLabel', () => {
  it('shows an operator as 运营人员, never by name or id', () => {
    expect(voidByLabel(operatorActor(7))).toBe('运营人员');
  });
  it('shows the feed and every job as 系统', () => {
    expect(voidByLabel(FEED_SETTLEMENT_ACTOR)).toBe('系统');
    expect(voidByLabel(jobActor('sports-void-overdue'))).toBe('系统');
  });
  it("shows the member's own cancel as 本人", () => {
    expect(voidByLabel(MEMBER_ACTOR)).toBe('本人');
  });
});
