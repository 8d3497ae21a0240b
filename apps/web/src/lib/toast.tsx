import { TOAST_MS } from '@app/shared';
import { Toast } from 'antd-mobile';
import { BellOutline, ExclamationCircleOutline, PayCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { logger } from './logger.ts';

export type ToastKind =
  'info' | 'success' | 'error' | 'warning' | 'balance' | 'notification' | 'offline' | 'loading';

/** How long each kind stays (SPEC.md §9): default 2 s, errors and warnings 3 s, balance 3 s, notices 4 s. */
export const TOAST_DURATIONS: Record<Exclude<ToastKind, 'loading'>, number> = {
  info: TOAST_MS.default,
  success: TOAST_MS.default,
  error: TOAST_MS.error,
  warning: TOAST_MS.warning,
  balance: TOAST_MS.balance,
  notification: TOAST_MS.notification,
  offline: TOAST_MS.offline,
};

// antd-mobile keeps one toast on screen and its handle is shared by every toast shown after
// it, so we remember which toast is current and only ever close our own.
let current = 0;

function show(kind: ToastKind, content: ReactNode, icon: ReactNode, duration: number): number {
  const id = ++current;
  Toast.show({
    content,
    icon: icon ?? undefined,
    duration,
    maskClickable: kind !== 'loading',
    afterClose: () => {
      if (current === id) current = 0;
    },
  });
  return id;
}

function iconFor(kind: ToastKind): ReactNode {
  switch (kind) {
    case 'success':
      return 'success';
    case 'error':
    case 'offline':
      return 'fail';
    case 'warning':
      return <ExclamationCircleOutline />;
    case 'balance':
      return <PayCircleOutline />;
    case 'notification':
      return <BellOutline />;
    case 'loading':
      return 'loading';
    case 'info':
      return null;
  }
}

function notice(kind: Exclude<ToastKind, 'loading'>, message: string, duration?: number): void {
  if (kind === 'error' || kind === 'warning' || kind === 'offline') logger.info('toast', message, { kind });
  show(kind, message, iconFor(kind), duration ?? TOAST_DURATIONS[kind]);
}

export const toast = {
  info: (message: string, duration?: number) => notice('info', message, duration),
  success: (message: string, duration?: number) => notice('success', message, duration),
  error: (message: string, duration?: number) => notice('error', message, duration),
  warning: (message: string, duration?: number) => notice('warning', message, duration),
  offline: (message: string) => notice('offline', message),
  /** Balance change (3 s): "+100.00 充值到账". Amounts are decimal strings, shown as they are. */
  balance(amount: string, text: string): void {
    const content = (
      <div className="toast-balance">
        <strong>{amount}</strong>
        <span>{text}</span>
      </div>
    );
    show('balance', content, iconFor('balance'), TOAST_DURATIONS.balance);
  },
  /** Notification with a title (4 s). */
  notification(title: string, message: string): void {
    const content = (
      <div className="toast-notification">
        <strong>{title}</strong>
        <span>{message}</span>
      </div>
    );
    show('notification', content, iconFor('notification'), TOAST_DURATIONS.notification);
  },
  /** A loading toast that stays until closed; returns its closer. */
  loading(message = '加载中…'): () => void {
    const id = show('loading', message, iconFor('loading'), 0);
    return () => {
      if (current === id) Toast.clear();
    };
  },
  clear(): void {
    Toast.clear();
  },
};
