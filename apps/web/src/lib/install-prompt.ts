import { createStore } from 'zustand/vanilla';
import { logger } from './logger.ts';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The browser's "install this app" offer, when it made one (Chromium on Android and desktop). */
export const installPromptStore = createStore<{ event: InstallPromptEvent | null }>(() => ({ event: null }));

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPromptStore.setState({ event: event as InstallPromptEvent });
  });
}

/** Shows the browser's own install dialog; true when the member accepted. */
export async function promptInstall(): Promise<boolean> {
  const { event } = installPromptStore.getState();
  if (!event) return false;
  await event.prompt();
  const choice = await event.userChoice;
  installPromptStore.setState({ event: null });
  logger.info('install', `添加到主屏幕：${choice.outcome}`);
  return choice.outcome === 'accepted';
}
