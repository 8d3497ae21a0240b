import { useEffect } from 'react';
import { BUILD_INFO } from '@/lib/build-info.ts';
import { UPDATE_READY_MESSAGE } from '@/lib/updates.ts';
import { Page } from '@/ui/Page.tsx';
import { useAppInfo } from '../../site/queries.ts';
import { UpdateActions } from '../components/UpdateActions.tsx';
import { useUpdateCheck } from '../use-update-check.ts';
import '../updates.css';

/** pages/app-update/app-update: the member-facing update screen. */
export default function AppUpdatePage() {
  const info = useAppInfo();
  const { result, checking, error, check } = useUpdateCheck();
  useEffect(() => check(), [check]);
  const status = checking
    ? '正在检查更新…'
    : result
      ? result.hasUpdate
        ? UPDATE_READY_MESSAGE
        : '当前已是最新版本'
      : '点击下方按钮检查更新';
  return (
    <Page title="版本更新">
      <div className="app-update-hero">
        <img src={info.site_logo} alt={info.title} className="app-update-logo" />
        <h2>{info.title}</h2>
        <p className="app-update-version">
          当前版本 v{BUILD_INFO.version}（{BUILD_INFO.versionCode}）
        </p>
        <p className="app-update-build mono">构建 {BUILD_INFO.buildId}</p>
        {result ? <p className="app-update-build mono">服务器构建 {result.remote.buildId}</p> : null}
        <p
          className={result?.hasUpdate ? 'app-update-status has-update' : 'app-update-status'}
          data-testid="app-update-status"
        >
          {status}
        </p>
      </div>
      <UpdateActions result={result} checking={checking} error={error} onCheck={check} />
      <div className="card app-update-notes">
        <h4>更新说明</h4>
        <ul>
          <li>网页版每次重启都会自动载入最新版本，无需重新下载安装。</li>
          <li>如重启后仍提示更新，请在“设置”中清除缓存后重试。</li>
          <li>客户端（iOS / Android）的新安装包请前往“下载App”页面获取。</li>
        </ul>
      </div>
    </Page>
  );
}
