// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VoidTraceLine } from './VoidTrace.tsx';

afterEach(cleanup);

describe('VoidTraceLine', () => {
  it('says an operator voided it, why and when (Beijing time), without naming the operator', () => {
    render(<VoidTraceLine action="作废" by="运营人员" reason="赛事取消" at="2026-11-30T10:00:00.000Z" />);
    expect(screen.getByTestId('void-trace').textContent).toBe(
      '作废：运营人员 · 原因：赛事取消 · 2026-11-30 18:00',
    );
  });

  it('shows a process as 系统 and leaves out a time it does not know', () => {
    render(<VoidTraceLine action="作废" by="系统" reason="比赛推迟超过36小时，按规则作废" at={null} />);
    expect(screen.getByTestId('void-trace').textContent).toBe(
      '作废：系统 · 原因：比赛推迟超过36小时，按规则作废',
    );
  });

  it('shows nothing for a bet no one voided', () => {
    render(<VoidTraceLine action="作废" by={null} reason={null} at={null} />);
    expect(screen.queryByTestId('void-trace')).toBeNull();
  });
});
