import { Button } from 'antd-mobile';
import { useState } from 'react';
import { BUILD_INFO } from '@/lib/build-info.ts';
import { checkForUpdate, promptRestart } from '@/lib/updates.ts';
import { Page } from '@/ui/Page.tsx';
import '../updates.css';

/** pages/debug/simple-update-test: one button, one line of result. */
export default function SimpleUpdateTestPage() {
  const [line, setLine] = useState('点击下方按钮开始测试');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setLine('正在检查…');
    try {
      const result = await checkForUpdate();
      setLine(
        result.hasUpdate
          ? `发现新版本：${result.remote.buildId}（当前 ${BUILD_INFO.buildId}）`
          : `已是最新版本：${result.remote.buildId}`,
      );
      if (result.hasUpdate) await promptRestart();
    } catch (err) {
      setLine(`检查失败：${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title="简易更新测试" bodyClassName="padded">
      <div className="card simple-update">
        <p className="muted">
          当前版本 v{BUILD_INFO.version} · 构建 <span className="mono">{BUILD_INFO.buildId}</span>
        </p>
        <p className="simple-update-line" data-testid="simple-update-result">
          {line}
        </p>
        <Button block color="primary" loading={busy} onClick={() => void run()}>
          检查并更新
        </Button>
      </div>
    </Page>
  );
}
