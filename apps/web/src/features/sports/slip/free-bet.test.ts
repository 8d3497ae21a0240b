import type { BetSelection, BetSlipState } from '@app/shared';
import { describe, expect, it } from 'vitest';
import type { FreeBet } from '../../free-bets/queries.ts';
import { checkChosenFreeBet, freeBetChoices, freeBetFit, type FreeBetSlip } from './free-bet.ts';
import { buildSubmitBody, previewSlip } from './preview.ts';
import { chooseFreeBet, chooseMultiple, clearSlipSelections, useSlipStore } from './store.ts';

const pick = (matchId: string, option: string, odds: string): BetSelection => ({
  matchId,
  sport: 'football',
  betType: 'winDrawLose',
  option,
  odds,
});

function slipOf(
  selectedBets: BetSelection[],
  over: { mode?: 'single' | 'mixed'; passType?: string | null; multiple?: number; inPlay?: string[] } = {},
): FreeBetSlip {
  const slip = {
    currentSport: 'football',
    currentBetType: 'winDrawLose',
    betMode: over.mode ?? 'single',
    selectedBets,
  } as BetSlipState;
  const matches = Object.fromEntries(
    selectedBets.map((s) => [s.matchId, { inPlay: over.inPlay?.includes(s.matchId) ?? false }]),
  );
  return { slip, passType: over.passType ?? null, multiple: over.multiple ?? 1, matches };
}

const ticket = (over: Partial<FreeBet> = {}): FreeBet => ({
  id: 7,
  title: '新人免费投注券',
  value: '10.00',
  min_odds: '1.50',
  plays: ['single', 'parlay'],
  plays_text: '单关、串关（N串1）',
  expires_at: '2026-12-31T16:00:00.000Z',
  status: 'available',
  order_no: null,
  used_at: null,
  winnings: null,
  ...over,
});

const now = new Date('2026-12-01T00:00:00Z');

describe('免费投注券 in the slip', () => {
  it('stakes a single at the multiple that makes the stake its value', () => {
    const fit = freeBetFit(ticket(), slipOf([pick('1', 'h', '1.85')]), now);
    expect(fit).toMatchObject({ ok: true, multiple: 5, valueFen: 1_000n });
    if (!fit.ok) return;
    expect(fit.valid.totalStake).toBe(1_000n);
    expect(fit.valid.maxPrize).toBe(1_850n);
  });

  it('stakes a 2串1 of one bet; two singles need a value of whole 4元 units', () => {
    const parlay = slipOf([pick('1', 'h', '1.60'), pick('2', 'a', '2.00')], {
      mode: 'mixed',
      passType: '2x1',
    });
    expect(freeBetFit(ticket(), parlay, now)).toMatchObject({ ok: true, multiple: 5 });
    const singles = slipOf([pick('1', 'h', '1.60'), pick('2', 'a', '2.00')]);
    expect(freeBetFit(ticket(), singles, now)).toMatchObject({ ok: false });
    expect(freeBetFit(ticket({ value: '20.00' }), singles, now)).toMatchObject({ ok: true, multiple: 5 });
  });

  it('says why a ticket cannot stake the slip', () => {
    const single = slipOf([pick('1', 'h', '1.85')]);
    const reason = (t: FreeBet, s: FreeBetSlip = single) => {
      const fit = freeBetFit(t, s, now);
      return fit.ok ? null : fit.reason;
    };
    expect(reason(ticket({ min_odds: '2.00' }))).toBe('每场赔率须不低于2.00');
    expect(reason(ticket({ plays: ['system'], plays_text: '系统串关（M串N）' }))).toBe(
      '该券仅限系统串关（M串N）使用',
    );
    expect(reason(ticket({ expires_at: '2026-11-30T00:00:00.000Z' }))).toBe('免费投注券已过期');
    expect(reason(ticket(), slipOf([pick('1', 'h', '1.85')], { inPlay: ['1'] }))).toBe(
      '免费投注券不可用于滚球投注',
    );
    // 3 bets of 2元 never add up to 10元; 1,000元 needs 500 multiples of one bet.
    const three = slipOf([pick('1', 'h', '1.85'), pick('2', 'h', '1.85'), pick('3', 'h', '1.85')]);
    expect(reason(ticket(), three)).toBe('3注无法恰好投满券面10.00元（每注2元，1-99倍）');
    expect(reason(ticket({ value: '1000.00' }))).toBe('1注无法恰好投满券面1000.00元（每注2元，1-99倍）');
    expect(reason(ticket({ status: 'used' }))).toBe('该券已使用');
    expect(reason(ticket(), slipOf([]))).not.toBeNull();
  });

  it('lists the usable tickets first', () => {
    const list = [ticket({ id: 1, min_odds: '3.00' }), ticket({ id: 2 }), ticket({ id: 3, value: '7.00' })];
    const choices = freeBetChoices(list, slipOf([pick('1', 'h', '1.85')]), now);
    expect(choices.map((c) => [c.ticket.id, c.fit.ok])).toEqual([
      [2, true],
      [1, false],
      [3, false],
    ]);
    expect(freeBetChoices(undefined, slipOf([pick('1', 'h', '1.85')]), now)).toEqual([]);
  });

  it('keeps the chosen ticket, moves the multiple with the bets, or drops it with the reason', () => {
    const t = ticket({ value: '20.00' });
    const one = slipOf([pick('1', 'h', '1.85')], { multiple: 10 });
    expect(checkChosenFreeBet(t, one, [t], now)).toEqual({ kind: 'keep' });
    // A second single: two bets, so 5 times each.
    const two = slipOf([pick('1', 'h', '1.85'), pick('2', 'h', '1.85')], { multiple: 10 });
    expect(checkChosenFreeBet(t, two, [t], now)).toEqual({ kind: 'multiple', multiple: 5 });
    // A pick under the minimum odds.
    const low = slipOf([pick('1', 'h', '1.85'), pick('2', 'h', '1.20')], { multiple: 5 });
    expect(checkChosenFreeBet(t, low, [t], now)).toEqual({ kind: 'drop', reason: '每场赔率须不低于1.50' });
    // Gone from the member's list (used on another device).
    expect(checkChosenFreeBet(t, one, [], now)).toEqual({ kind: 'drop', reason: '该券已不可使用' });
    // The list not loaded yet: judged on its own.
    expect(checkChosenFreeBet(t, one, undefined, now)).toEqual({ kind: 'keep' });
  });

  it('sends free_bet_id with the slip, never with a 奖金优化 plan', () => {
    const single = { ...slipOf([pick('1', 'h', '1.85')], { multiple: 5 }), freeBet: { id: 7 } };
    const valid = previewSlip(single);
    if (!valid.ok) throw new Error(valid.message);
    expect(buildSubmitBody(single, valid)).toMatchObject({
      multiple: 5,
      total_amount: '10.00',
      free_bet_id: 7,
    });
    expect(buildSubmitBody({ ...single, freeBet: null }, valid)).not.toHaveProperty('free_bet_id');
    const complex = {
      ...slipOf([pick('1', 'h', '1.50'), pick('1', 'd', '3.00'), pick('2', 'h', '2.00')], {
        mode: 'mixed',
        passType: '2x1',
      }),
      freeBet: { id: 7 },
    };
    const plan = previewSlip(complex, [2, 3]);
    if (!plan.ok) throw new Error(plan.message);
    expect(buildSubmitBody(complex, plan)).not.toHaveProperty('free_bet_id');
  });

  it('sets the multiple with the ticket and gives the member’s own back when the ticket goes', () => {
    clearSlipSelections();
    chooseMultiple(3);
    chooseFreeBet(ticket(), 5);
    expect(useSlipStore.getState()).toMatchObject({ multiple: 5, freeBet: { id: 7 } });
    // The bets changed: the ticket moves the multiple; the member's own is still remembered.
    chooseFreeBet(ticket(), 1);
    chooseFreeBet(null);
    expect(useSlipStore.getState()).toMatchObject({ multiple: 3, freeBet: null });
    chooseFreeBet(ticket(), 5);
    clearSlipSelections();
    expect(useSlipStore.getState()).toMatchObject({
      multiple: 1,
      freeBet: null,
      multipleBeforeFreeBet: null,
    });
  });
});
