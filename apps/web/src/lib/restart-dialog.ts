import { Dialog } from 'antd-mobile';

/** The restart question (lib/updates.ts `promptRestart`), in a module of its own: loaded when asked. */
export function confirmRestart(content: string): Promise<boolean> {
  return Dialog.confirm({ title: '发现新版本', content, confirmText: '立即重启', cancelText: '稍后' });
}
