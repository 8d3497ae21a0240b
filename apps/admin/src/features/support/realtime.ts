import {
  SUPPORT_EVENTS,
  SUPPORT_OPERATOR_CHANNEL,
  type SupportMessageEvent,
  type SupportReadEvent,
  type SupportTypingEvent,
} from '@app/shared';
import type { SupportQueueEvent } from '@app/shared/backoffice';
import { get } from '@/lib/api.ts';
import { openConsoleSocket } from '@/lib/realtime.ts';

export interface SupportHandlers {
  message(event: SupportMessageEvent): void;
  conversation(event: SupportQueueEvent): void;
  typing(event: SupportTypingEvent): void;
  read(event: SupportReadEvent): void;
}

/**
 * The desk's socket: the support channel, which the server signs only for operators holding the
 * `support` permission. Every member's messages, typing and read marks, and every change of a
 * conversation, arrive here. Returns a function that disconnects.
 */
export async function subscribeSupport(handlers: SupportHandlers): Promise<() => void> {
  const pusher = openConsoleSocket(
    await get('/admin/v1/support/realtime/connection-info'),
    '/admin/v1/support/broadcasting/auth',
  );
  const channel = pusher.subscribe(SUPPORT_OPERATOR_CHANNEL);
  channel.bind(SUPPORT_EVENTS.message, (e: SupportMessageEvent) => handlers.message(e));
  channel.bind(SUPPORT_EVENTS.conversation, (e: SupportQueueEvent) => handlers.conversation(e));
  channel.bind(SUPPORT_EVENTS.typing, (e: SupportTypingEvent) => handlers.typing(e));
  channel.bind(SUPPORT_EVENTS.read, (e: SupportReadEvent) => handlers.read(e));
  return () => pusher.disconnect();
}

/** Reads a chosen picture as base64 (no data: prefix), after checking type and size here too. */
export function readPicture(file: File, types: readonly string[], maxBytes: number): Promise<string> {
  if (!types.includes(file.type)) return Promise.reject(new Error('仅支持 PNG、JPG、WEBP 格式的图片'));
  if (file.size > maxBytes) return Promise.reject(new Error('图片不能超过2MB'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new Error('图片读取失败'));
    reader.readAsDataURL(file);
  });
}
