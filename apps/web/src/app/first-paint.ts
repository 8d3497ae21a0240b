import { useEffect, useSyncExternalStore } from 'react';

/**
 * The first page on screen, and the work that waits for it. On a slow phone the first page's
 * paint is what the member waits for (the largest contentful paint): parts of the screen that
 * load their own code (home sections, the reality check) and the realtime connection start only
 * once that page has painted, so their module requests and start-up work do not sit between the
 * page's render and its paint.
 */
let painted = false;
let noted = false;
const waiting = new Set<() => void>();

function release(): void {
  painted = true;
  // A task each: the parts' code requests, realtime's start and the worker's registration
  // would otherwise be one long task (about half a second on a slow phone), and a tap during it
  // would wait for all of it.
  for (const run of [...waiting]) setTimeout(run, 0);
  waiting.clear();
}

/**
 * Called when a page (or the route's error screen) has committed: the waiting work runs after the
 * next frame, i.e. once that commit is on screen.
 */
export function notePagePainted(): void {
  if (noted) return;
  noted = true;
  requestAnimationFrame(() => setTimeout(release, 0));
}

/** Runs `run` once the first page has painted (right away after that). */
export function afterFirstPaint(run: () => void): void {
  if (painted) run();
  else waiting.add(run);
}

function subscribe(onChange: () => void): () => void {
  waiting.add(onChange);
  return () => waiting.delete(onChange);
}

/** Whether the first page has painted, re-rendering the caller when it has. */
export function useFirstPaintDone(): boolean {
  return useSyncExternalStore(subscribe, () => painted);
}

/** Rendered beside a page: marks the first page painted when it commits. */
export function PagePainted(): null {
  useEffect(notePagePainted, []);
  return null;
}
