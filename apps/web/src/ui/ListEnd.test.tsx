// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListEnd } from './ListEnd.tsx';

afterEach(cleanup);

/** The SVG animations a rendering holds: each one keeps the page drawing frames while it is mounted. */
function animations(container: HTMLElement): number {
  return container.querySelectorAll('animate, animateTransform, animateMotion').length;
}

describe('ListEnd', () => {
  it('animates only while the next page is on its way', () => {
    const { container } = render(<ListEnd more loading className="list-end" end="没有更多了" />);
    expect(animations(container)).toBeGreaterThan(0);
  });

  it('waits for the member to scroll with a still line, not the loading dots', () => {
    const { container } = render(<ListEnd more loading={false} className="list-end" end="没有更多了" />);
    expect(animations(container)).toBe(0);
    expect(container.textContent).toBe('上拉加载更多');
    expect(container.querySelector('.list-end')).not.toBeNull();
  });

  it('says the end once there is no more, whatever is loading', () => {
    const { container } = render(<ListEnd more={false} loading className="list-end" end="没有更多比赛了" />);
    expect(animations(container)).toBe(0);
    expect(container.textContent).toBe('没有更多比赛了');
  });
});
