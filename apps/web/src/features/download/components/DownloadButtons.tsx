import { Button } from 'antd-mobile';
import { useSyncExternalStore } from 'react';
import { installPromptStore, promptInstall } from '@/lib/install-prompt.ts';
import { toast } from '@/lib/toast.tsx';
import { useAppInfo } from '../../site/queries.ts';

function AppleGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="1.1em" height="1.1em" fill="currentColor" aria-hidden>
      <path d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.1 1-4 2.4-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8 1.5 0 1.9.8 3.2.8 1.3 0 2.1-1.2 2.9-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.4-1-2.4-3.9zM14 5.5c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z" />
    </svg>
  );
}

function AndroidGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="1.1em" height="1.1em" fill="currentColor" aria-hidden>
      <path d="M17.6 9.5l1.6-2.8a.4.4 0 00-.7-.4l-1.7 2.9A10 10 0 0012 8.3c-1.7 0-3.3.4-4.8 1l-1.7-3a.4.4 0 00-.7.4l1.6 2.8A9.3 9.3 0 002.5 17h19a9.3 9.3 0 00-3.9-7.5zM7.5 14.4a1 1 0 110-2 1 1 0 010 2zm9 0a1 1 0 110-2 1 1 0 010 2z" />
    </svg>
  );
}

/**
 * How to get the app here: the browser's install prompt where it offers one, and the iOS and
 * Android downloads when the operator set their links (app info); otherwise the way to add the
 * web app to the home screen.
 */
export function DownloadButtons() {
  const info = useAppInfo();
  const installEvent = useSyncExternalStore(
    installPromptStore.subscribe,
    () => installPromptStore.getState().event,
  );
  const open = (url: string) => {
    window.open(url, '_blank', 'noopener');
  };
  const install = async () => {
    if (await promptInstall()) toast.success('已添加到主屏幕');
  };
  const none = !info.ios_download_url && !info.android_download_url && !installEvent;
  return (
    <div className="download-buttons" data-testid="download-buttons">
      {installEvent ? (
        <Button block color="primary" onClick={() => void install()} data-testid="install-app">
          安装到主屏幕
        </Button>
      ) : null}
      {info.ios_download_url ? (
        <Button
          block
          color={installEvent ? 'default' : 'primary'}
          onClick={() => open(info.ios_download_url)}
        >
          <span className="download-button-label">
            <AppleGlyph /> iOS 版下载
          </span>
        </Button>
      ) : null}
      {info.android_download_url ? (
        <Button block className="gold" onClick={() => open(info.android_download_url)}>
          <span className="download-button-label">
            <AndroidGlyph /> Android 版下载
          </span>
        </Button>
      ) : null}
      {none ? (
        <p className="download-note" data-testid="download-note">
          本站是可安装的网页版 App：按下方步骤添加到主屏幕，即可像 App
          一样从桌面打开，全屏使用；联网打开过一次后，断网时也能打开（比分、余额等数据联网后更新）。
        </p>
      ) : null}
    </div>
  );
}
