import { CLIENT_ERROR_MESSAGES } from '@app/shared';
import { createStore } from 'zustand/vanilla';
import { logger } from './logger.ts';
import { toast } from './toast.tsx';

/** Network status (SPEC.md §3). */
export interface NetworkStatus {
  isOnline: boolean;
  networkType: string;
  lastCheckTime: number;
}

interface NetworkInformationLike {
  effectiveType?: string;
  type?: string;
  addEventListener?: (type: 'change', listener: () => void) => void;
}

function connectionInfo(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

function read(): NetworkStatus {
  const info = connectionInfo();
  const isOnline = navigator.onLine;
  return {
    isOnline,
    networkType: isOnline ? (info?.type ?? info?.effectiveType ?? 'unknown') : 'none',
    lastCheckTime: Date.now(),
  };
}

export const networkStore = createStore<NetworkStatus>(() => read());

export function refreshNetworkStatus(): NetworkStatus {
  const status = read();
  networkStore.setState(status);
  return status;
}

let started = false;

/**
 * Watches the connection. Going offline shows 网络已断开，请检查网络连接 for 3 s; requests are
 * still allowed (the browser may be wrong, and they fail on their own if it is right).
 */
export function startNetworkMonitor(): void {
  if (started) return;
  started = true;
  window.addEventListener('offline', () => {
    refreshNetworkStatus();
    logger.warn('network', '网络已断开');
    toast.offline(CLIENT_ERROR_MESSAGES.OFFLINE);
  });
  window.addEventListener('online', () => {
    const status = refreshNetworkStatus();
    logger.info('network', '网络已恢复', { networkType: status.networkType });
    toast.success('网络已恢复');
  });
  connectionInfo()?.addEventListener?.('change', () => {
    refreshNetworkStatus();
  });
  if (!navigator.onLine) toast.offline(CLIENT_ERROR_MESSAGES.OFFLINE);
}
