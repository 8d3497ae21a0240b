import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONFIRM_GRACE_MS,
  CONFIRM_RECHECK_MS,
  decisionOfOrder,
  delayProgress,
  dismissConfirmation,
  receiveConfirmation,
  secondsLeft,
  settleConfirmation,
  shouldCheckOrder,
  startConfirmation,
  useConfirmationStore,
} from './confirmation.ts';

const SUBMITTED = Date.parse('2026-11-21T12:30:00.000Z');
const ACCEPT_AT = SUBMITTED + 5_000;
const result = {
  order_no: 'S1',
  accept_at: new Date(ACCEPT_AT).toISOString(),
  total_amount: '10.00',
  max_prize: '21.00',
};
const accepted = {
  order_no: 'S1',
  status: 'pending' as const,
  reason: null,
  odds_changed: true,
  max_prize: '22.00',
  accept_at: result.accept_at,
};

beforeEach(() => {
  dismissConfirmation();
  useConfirmationStore.setState({ early: {} });
});

describe('bet delay countdown (投注确认中)', () => {
  it('counts whole seconds down to accept_at and never below zero', () => {
    expect(secondsLeft(ACCEPT_AT, SUBMITTED)).toBe(5);
    expect(secondsLeft(ACCEPT_AT, SUBMITTED + 100)).toBe(5);
    expect(secondsLeft(ACCEPT_AT, ACCEPT_AT - 1)).toBe(1);
    expect(secondsLeft(ACCEPT_AT, ACCEPT_AT)).toBe(0);
    expect(secondsLeft(ACCEPT_AT, ACCEPT_AT + 3_000)).toBe(0);
  });

  it('fills the ring with the share of the delay gone by', () => {
    const c = { startedAt: SUBMITTED, acceptAt: ACCEPT_AT };
    expect(delayProgress(c, SUBMITTED)).toBe(0);
    expect(delayProgress(c, SUBMITTED + 2_500)).toBe(0.5);
    expect(delayProgress(c, ACCEPT_AT + 1)).toBe(1);
    expect(delayProgress({ startedAt: ACCEPT_AT, acceptAt: ACCEPT_AT }, ACCEPT_AT)).toBe(1);
  });

  it('reads the order only after the delay and a grace, then every few seconds', () => {
    expect(shouldCheckOrder(ACCEPT_AT, ACCEPT_AT, null)).toBe(false);
    expect(shouldCheckOrder(ACCEPT_AT, ACCEPT_AT + CONFIRM_GRACE_MS - 1, null)).toBe(false);
    const first = ACCEPT_AT + CONFIRM_GRACE_MS;
    expect(shouldCheckOrder(ACCEPT_AT, first, null)).toBe(true);
    expect(shouldCheckOrder(ACCEPT_AT, first + CONFIRM_RECHECK_MS - 1, first)).toBe(false);
    expect(shouldCheckOrder(ACCEPT_AT, first + CONFIRM_RECHECK_MS, first)).toBe(true);
  });

  it('reads the decision from the order: still waiting, accepted, or refused with its reason', () => {
    expect(decisionOfOrder({ status: 'confirming', reject_reason: null, max_prize: '1.00' })).toBeNull();
    expect(decisionOfOrder({ status: 'pending', reject_reason: null, max_prize: '2.00' })).toEqual({
      status: 'accepted',
      reason: null,
      maxPrize: '2.00',
    });
    expect(
      decisionOfOrder({ status: 'rejected', reject_reason: '赔率已变化', max_prize: '2.00' }),
    ).toMatchObject({ status: 'rejected', reason: '赔率已变化' });
  });
});

describe('the decision on screen', () => {
  it('takes the push for the order on screen once, ignoring a later read', () => {
    startConfirmation(result, SUBMITTED);
    expect(useConfirmationStore.getState().current).toMatchObject({
      status: 'confirming',
      acceptAt: ACCEPT_AT,
      startedAt: SUBMITTED,
    });
    receiveConfirmation(accepted);
    expect(useConfirmationStore.getState().current).toMatchObject({
      status: 'accepted',
      oddsChanged: true,
      maxPrize: '22.00',
    });
    settleConfirmation('S1', { status: 'rejected', reason: 'x', maxPrize: '0.00' });
    expect(useConfirmationStore.getState().current?.status).toBe('accepted');
  });

  it('keeps a push that beat the submit answer and applies it when the answer arrives', () => {
    receiveConfirmation({ ...accepted, status: 'rejected', reason: '盘口暂停（进球）', odds_changed: false });
    expect(useConfirmationStore.getState().current).toBeNull();
    startConfirmation(result, SUBMITTED);
    expect(useConfirmationStore.getState().current).toMatchObject({
      status: 'rejected',
      reason: '盘口暂停（进球）',
    });
  });

  it('falls back to the order read when no push came, for the order on screen only', () => {
    startConfirmation(result, SUBMITTED);
    settleConfirmation('S2', { status: 'accepted', reason: null, maxPrize: '21.00' });
    expect(useConfirmationStore.getState().current?.status).toBe('confirming');
    settleConfirmation('S1', { status: 'rejected', reason: '比赛已停止投注', maxPrize: '21.00' });
    expect(useConfirmationStore.getState().current).toMatchObject({
      status: 'rejected',
      reason: '比赛已停止投注',
    });
  });
});
