import { useQueryClient } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { useStore } from 'zustand';
import { loadRemoteConfig, remoteConfigStore } from '@/lib/remote-config.ts';
import { toast } from '@/lib/toast.tsx';
import { promptRestart, restartApp } from '@/lib/updates.ts';
import { formatDateTime } from '@/ui/format.ts';
import { Page, Section } from '@/ui/Page.tsx';
import { clearAppCache } from '../../mine/cache.ts';
import { UpdateActions } from '../components/UpdateActions.tsx';
import { VersionPanel } from '../components/VersionPanel.tsx';
import { useUpdateCheck } from '../use-update-check.ts';
import '../updates.css';

/** pages/debug/debug-update: every input of the update decision, and buttons to exercise each path. */
export default function DebugUpdatePage() {
  const queryClient = useQueryClient();
  const { result, checking, error, check } = useUpdateCheck();
  const remote = useStore(remoteConfigStore);

  const reloadConfig = async () => {
    const state = await loadRemoteConfig({ force: true });
    if (state.source === 'remote') toast.success('远程配置已刷新');
    else toast.warning(`使用默认配置：${state.error ?? '未知原因'}`);
  };
  const clearAndRestart = async () => {
    await clearAppCache(queryClient);
    restartApp();
  };

  return (
    <Page title="调试更新">
      <VersionPanel result={result} />
      <UpdateActions result={result} checking={checking} error={error} onCheck={check} />

      <Section title="version.json 原始内容">
        <pre className="debug-json">{result ? JSON.stringify(result.remote, null, 2) : '尚未检查'}</pre>
      </Section>

      <List mode="card" header="远程配置（/config.json）">
        <List.Item extra={remote.source === 'remote' ? '远程文件' : '同源默认值'}>来源</List.Item>
        <List.Item extra={remote.config.version}>配置版本</List.Item>
        <List.Item description={<span className="mono">{remote.config.baseUrl}</span>}>baseUrl</List.Item>
        <List.Item description={<span className="mono">{remote.config.apiServerUrl}</span>}>
          apiServerUrl
        </List.Item>
        <List.Item description={<span className="mono">{remote.config.reverbUrl}</span>}>reverbUrl</List.Item>
        <List.Item extra={formatDateTime(remote.fetchedAt, true)}>获取时间</List.Item>
        {remote.error ? <List.Item description={remote.error}>错误</List.Item> : null}
      </List>

      <Section title="操作">
        <div className="stack">
          <Button block onClick={() => void reloadConfig()}>
            重新获取远程配置
          </Button>
          <Button block onClick={() => void promptRestart()}>
            演示更新提示
          </Button>
          <Button block onClick={restartApp}>
            立即重启应用
          </Button>
          <Button block color="danger" fill="outline" onClick={() => void clearAndRestart()}>
            清除缓存并重启
          </Button>
        </div>
      </Section>
    </Page>
  );
}
