// @vitest-environment happy-dom
import { validateBetSlip } from '@app/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SlipSummary } from './SlipSummary.tsx';

const slip = validateBetSlip({
  sport: 'football',
  mode: 'single',
  passType: 'single',
  multiple: 1,
  selections: [{ matchId: '1', sport: 'football', betType: 'winDrawLose', option: 'h', odds: '2.00' }],
});

afterEach(cleanup);

describe('SlipSummary', () => {
  it('shows the figures of the slip at its multiple', () => {
    render(<SlipSummary preview={slip} multiple={1} />);
    expect(screen.getByTestId('slip-multiple-shown').textContent).toBe('1');
    expect(screen.getByTestId('slip-stake').textContent).toBe('2.00');
    expect(screen.getByTestId('slip-max-prize').textContent).toBe('4.00');
  });

  it('shows dashes, not the last valid multiple’s figures, while the typed multiple is refused', () => {
    render(<SlipSummary preview={slip} multiple={1} multipleProblem="倍数不能超过99" />);
    expect(screen.getByTestId('slip-multiple-shown').textContent).toBe('—');
    expect(screen.getByTestId('slip-stake').textContent).toBe('—');
    expect(screen.getByTestId('slip-max-prize').textContent).toBe('—');
  });
});
