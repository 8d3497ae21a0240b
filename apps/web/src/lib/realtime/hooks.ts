import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { realtimeBuffers } from './buffers.ts';
import type { RealtimeManager } from './manager.ts';
import type { RealtimeSnapshot, RealtimeStatus } from './types.ts';

type BufferState = ReturnType<typeof realtimeBuffers.getState>;

/** React bindings of one manager (kept apart from it so the manager stays framework-free). */
export function createRealtimeHooks(manager: RealtimeManager) {
  /** State, update method and socket id; re-renders only when one of them changes. */
  function useRealtimeStatus(): RealtimeStatus {
    return useSyncExternalStore(manager.subscribe, manager.getStatus, manager.getStatus);
  }

  /** Everything the manager knows about itself (debug pages). */
  function useRealtimeSnapshot(): RealtimeSnapshot {
    return useSyncExternalStore(manager.subscribe, manager.getSnapshot, manager.getSnapshot);
  }

  /** Listens to a public channel event while the component is mounted (latest handler always used). */
  function usePublicEvent(channel: string | null, event: string, handler: (data: unknown) => void): void {
    const latest = useRef(handler);
    useEffect(() => {
      latest.current = handler;
    });
    useEffect(() => {
      if (!channel) return;
      return manager.subscribePublic(channel, event, (data) => latest.current(data));
    }, [channel, event]);
  }

  /** Listens to an event on the member's private channel while mounted. */
  function usePrivateEvent(event: string, handler: (data: unknown) => void): void {
    const latest = useRef(handler);
    useEffect(() => {
      latest.current = handler;
    });
    useEffect(() => manager.subscribePrivate(event, (data) => latest.current(data)), [event]);
  }

  return { useRealtimeStatus, useRealtimeSnapshot, usePublicEvent, usePrivateEvent };
}

/** Balance changes, notifications and the event feed (newest first). */
export function useRealtimeBuffers<T>(selector: (state: BufferState) => T): T {
  return useStore(realtimeBuffers, selector);
}
