import { useEffect } from 'react';
import { logger } from '../../lib/logger.ts';

const FIRST_CHECK_MS = 15_000;
const CHECK_EVERY_MS = 10 * 60_000;

/** Looks for a newer build now and then; offers a restart once per new build. */
export function useUpdateWatcher(): void {
  useEffect(() => {
    if (import.meta.env.DEV) return;
    let announced: string | null = null;
    let lastCheck = 0;
    const check = () => {
      lastCheck = Date.now();
      // The checker loads with the first check, 15 s in: never part of the first page's load.
      import('../../lib/updates.ts')
        .then(async ({ checkForUpdate, loadRestartDialog, promptRestart }) => {
          // The restart dialog's code, fetched while this build's files are still served.
          loadRestartDialog().catch((err: unknown) => logger.warn('update', '更新提示加载失败', err));
          const result = await checkForUpdate();
          if (result.hasUpdate && result.remote.buildId !== announced) {
            announced = result.remote.buildId;
            return promptRestart();
          }
          return undefined;
        })
        .catch((err: unknown) => logger.warn('update', '检查更新失败', err));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastCheck > 60_000) check();
    };
    const first = setTimeout(check, FIRST_CHECK_MS);
    const every = setInterval(check, CHECK_EVERY_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(first);
      clearInterval(every);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
