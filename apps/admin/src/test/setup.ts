/**
 * The console's component tests (vitest `unit` project, happy-dom): what antd needs from a
 * browser that happy-dom leaves out, a clean page between tests, and `fetch` answered by the test.
 * Imported first by every `*.test.tsx` of apps/admin.
 */
import '@ant-design/v5-patch-for-react-19';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// antd's grid and ProLayout ask matchMedia for breakpoints, which happy-dom leaves out: answer as
// a 1440 px wide screen, the console's first layout.
const SCREEN_WIDTH = 1440;
const matches = (query: string) =>
  [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, side, px]) =>
    side === 'min' ? SCREEN_WIDTH >= Number(px) : SCREEN_WIDTH <= Number(px),
  );
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
Object.defineProperty(window, 'innerWidth', { configurable: true, value: SCREEN_WIDTH });
Object.defineProperty(window, 'innerHeight', { configurable: true, value: 900 });

// happy-dom draws nothing: its canvas has no 2D context, which ECharts (概览's charts) needs. A
// context that takes every call and draws nothing lets the screens around the charts render.
HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  const state: Record<string | symbol, unknown> = { canvas: this };
  return new Proxy(state, {
    get: (target, key) => {
      if (key in target) return target[key];
      if (key === 'measureText') return (text: string) => ({ width: text.length * 7 });
      if (key === 'getImageData') return () => ({ data: new Uint8ClampedArray(4) });
      // Drawing calls; gradients and patterns answer something to add stops to.
      return () => ({ addColorStop: () => undefined });
    },
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
} as unknown as typeof HTMLCanvasElement.prototype.getContext;

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// ProLayout's menu items set a 400 ms timer when they mount (SiderMenu/BaseMenu.js) that sets
// state even after the page is cleaned up: let the last ones fire while the window still exists,
// or they throw "window is not defined" once the test environment is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
