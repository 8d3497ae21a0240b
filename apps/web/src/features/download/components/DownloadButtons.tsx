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

/** iOS and Android download buttons from app info; a button waits when its link is not set. */
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
  return (
    <div className="download-buttons">
      <Button
        block
        color="primary"
        disabled={!info.ios_download_url}
        onClick={() => open(info.ios_download_url)}
      >
        <span className="download-button-label">
          <AppleGlyph /> {info.ios_download_url ? 'iOS 版下载' : 'iOS 版即将上线'}
        </span>
      </Button>
      <Button
        block
        className="gold"
        disabled={!info.android_download_url}
        onClick={() => open(info.android_download_url)}
      >
        <span className="download-button-label">
          <AndroidGlyph /> {info.android_download_url ? 'Android 版下载' : 'Android 版即将上线'}
        </span>
      </Button>
      {installEvent ? (
        <Button block fill="outline" className="gold" onClick={() => void install()}>
          一键添加到主屏幕
        </Button>
      ) : null}
    </div>
  );
}
