// @vitest-environment happy-dom
import { validateBetSlip } from '@app/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FreeBet } from '../../free-bets/queries.ts';
import { FreeBetLine, FreeBetPay } from './FreeBetSlip.tsx';

const ticket: FreeBet = {
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
};

const single = validateBetSlip({
  sport: 'football',
  mode: 'single',
  passType: 'single',
  multiple: 5,
  selections: [{ matchId: '1', sport: 'football', betType: 'winDrawLose', option: 'h', odds: '1.85' }],
});

afterEach(cleanup);

describe('免费投注券 in the slip', () => {
  it('says how many tickets fit, or which one is used, and stops using it on 不使用', () => {
    const stop = vi.fn();
    const { rerender } = render(
      <FreeBetLine chosen={null} usable={2} total={3} onOpen={() => undefined} onStop={stop} />,
    );
    expect(screen.getByTestId('slip-free-bet-state').textContent).toBe('2张可用');
    rerender(<FreeBetLine chosen={null} usable={0} total={3} onOpen={() => undefined} onStop={stop} />);
    expect(screen.getByTestId('slip-free-bet-state').textContent).toBe('3张，当前投注单不可用');
    rerender(<FreeBetLine chosen={ticket} usable={1} total={3} onOpen={() => undefined} onStop={stop} />);
    expect(screen.getByTestId('slip-free-bet-state').textContent).toBe('已使用 10.00元');
    fireEvent.click(screen.getByTestId('slip-free-bet-stop'));
    expect(stop).toHaveBeenCalledOnce();
  });

  it('shows the ticket taking the stake, 实付 0.00, and the prize net of the ticket', () => {
    if (!single.ok) throw new Error(single.message);
    render(<FreeBetPay ticket={ticket} valid={single} />);
    expect(screen.getByTestId('slip-free-bet-deduct').textContent).toBe('-10.00');
    expect(screen.getByTestId('slip-pay').textContent).toBe('0.00');
    // 1.85 × 2元 × 5 = 18.50, less the ticket's 10.00.
    expect(screen.getByTestId('slip-free-bet-net').textContent).toBe('8.50');
  });
});
