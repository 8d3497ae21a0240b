import { useSyncExternalStore } from 'react';
import { remoteConfigStore } from './remote-config.ts';

/**
 * Developer mode: the debug pages (SPEC §2) and log upload/clear are listed only while it is on.
 * Tapping the version in 设置 seven times switches it on, where the server allows it
 * (`developerTools` in /config.json: never under APP_ENV=production). It lasts for this tab
 * (sessionStorage: local storage holds only the keys SPEC §3 names).
 */
const KEY = 'developer-mode';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return (
      sessionStorage.getItem(KEY) === 'on' && remoteConfigStore.getState().config.developerTools === true
    );
  } catch {
    return false;
  }
}

export const developerMode = {
  /** Whether this deployment offers developer mode at all. */
  allowed: (): boolean => remoteConfigStore.getState().config.developerTools === true,
  enabled: read,
  set: (on: boolean): void => {
    try {
      if (on) sessionStorage.setItem(KEY, 'on');
      else sessionStorage.removeItem(KEY);
    } catch {
      // Private mode: nothing to remember.
    }
    for (const l of listeners) l();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    const off = remoteConfigStore.subscribe(listener);
    return () => {
      listeners.delete(listener);
      off();
    };
  },
};

export function useDeveloperMode(): boolean {
  return useSyncExternalStore(developerMode.subscribe, read, () => false);
}

export { tapCounter } from './tap-counter.ts';
