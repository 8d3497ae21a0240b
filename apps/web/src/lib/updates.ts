import { BUILD_INFO } from './build-info.ts';
import type { confirmRestart } from './restart-dialog.ts';
import { logger } from './logger.ts';

/** dist/version.json, written by the build (vite.config.ts). */
export interface RemoteVersion {
  buildId: string;
  builtAt: string;
  version: string;
  versionCode: number;
}

export interface UpdateCheck {
  current: typeof BUILD_INFO;
  remote: RemoteVersion;
  hasUpdate: boolean;
  checkedAt: number;
}

export const UPDATE_READY_MESSAGE = '新版本已经准备好，请重启应用';

function isRemoteVersion(value: unknown): value is RemoteVersion {
  const v = value as Partial<RemoteVersion> | null;
  return typeof v?.buildId === 'string' && typeof v.version === 'string' && typeof v.versionCode === 'number';
}

/** Fetches version.json past every cache and compares its build id with this bundle's. */
export async function checkForUpdate(): Promise<UpdateCheck> {
  const url = new URL('version.json', window.location.href);
  url.hash = '';
  url.searchParams.set('t', String(Date.now()));
  const response = await fetch(url, { cache: 'no-store', headers: { 'cache-control': 'no-cache' } });
  if (!response.ok) throw new Error(`版本信息获取失败（HTTP ${response.status}）`);
  const remote: unknown = await response.json();
  if (!isRemoteVersion(remote)) throw new Error('版本信息格式不正确');
  const hasUpdate = remote.buildId !== BUILD_INFO.buildId;
  logger.info('update', hasUpdate ? '发现新版本' : '已是最新版本', { current: BUILD_INFO.buildId, remote });
  return { current: BUILD_INFO, remote, hasUpdate, checkedAt: Date.now() };
}

/** Restarting a web app is reloading it: the new index.html brings the new bundle. */
export function restartApp(): void {
  logger.info('update', '重启应用');
  window.location.reload();
}

let prompting = false;
let restartDialog: Promise<typeof confirmRestart> | null = null;

/**
 * The restart dialog's code, kept out of the first load. The update watcher asks for it with its
 * first check, while this build's files are surely still served: a deploy replaces them, and the
 * question is asked just when a new build is out.
 */
export function loadRestartDialog(): Promise<typeof confirmRestart> {
  restartDialog ??= import('./restart-dialog.ts')
    .then((module) => module.confirmRestart)
    .catch((err: unknown) => {
      restartDialog = null;
      throw err;
    });
  return restartDialog;
}

/** Asks to restart into the new build (SPEC.md §8: 新版本已经准备好，请重启应用). */
export async function promptRestart(): Promise<void> {
  if (prompting) return;
  prompting = true;
  try {
    const confirmed = await loadRestartDialog().then(
      (confirm) => confirm(UPDATE_READY_MESSAGE),
      // Its code is gone with the old build's files: the browser's own dialog asks instead.
      (err: unknown) => {
        logger.warn('update', '更新提示加载失败', err);
        return window.confirm(UPDATE_READY_MESSAGE);
      },
    );
    if (confirmed) restartApp();
  } finally {
    prompting = false;
  }
}
