import { useQueryClient } from '@tanstack/react-query';
import { Dialog, List } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BUILD_INFO } from '@/lib/build-info.ts';
import { developerMode, tapCounter, useDeveloperMode } from '@/lib/developer-mode.ts';
import { logger } from '@/lib/logger.ts';
import { storage } from '@/lib/storage.ts';
import { toast } from '@/lib/toast.tsx';
import { checkForUpdate, promptRestart } from '@/lib/updates.ts';
import { formatBytes } from '@/ui/format.ts';
import { Page } from '@/ui/Page.tsx';
import { RESPONSIBLE_PATH } from '../../responsible/routes.ts';
import { PRIVACY_POLICY_PATH, USER_AGREEMENT_PATH } from '../../legal/paths.ts';
import { useAppInfo } from '../../site/queries.ts';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import { ODDS_POLICY_TEXT } from '@app/shared';
import { OddsPolicySheet } from '../../sports/components/OddsPolicySheet.tsx';
import { useOddsPolicy } from '../../sports/preferences.ts';
import { clearAppCache } from '../cache.ts';
import { debugEntries } from '../menu.tsx';
import '../mine.css';

/** minePages/setApp: version, cache, updates, about; logs and debug tools in developer mode (tap the version 7 times). */
export default function SettingsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useAppInfo();
  const [usage, setUsage] = useState(() => storage.usageBytes());
  const [checking, setChecking] = useState(false);
  const loggedIn = useSessionStore(selectLoggedIn);
  const oddsPolicy = useOddsPolicy();
  const [policyOpen, setPolicyOpen] = useState(false);

  const clearCache = async () => {
    const confirmed = await Dialog.confirm({
      title: '清除缓存',
      content: '将清除本地缓存的站点数据与临时文件，不会退出登录。',
      confirmText: '清除',
    });
    if (!confirmed) return;
    await clearAppCache(queryClient);
    setUsage(storage.usageBytes());
    toast.success('缓存已清除');
  };

  const checkUpdate = async () => {
    setChecking(true);
    const done = toast.loading('正在检查更新…');
    try {
      const result = await checkForUpdate();
      done();
      if (result.hasUpdate) await promptRestart();
      else toast.success('当前已是最新版本');
    } catch (err) {
      done();
      logger.warn('update', '检查更新失败', err);
      toast.error('检查更新失败，请稍后重试');
    } finally {
      setChecking(false);
    }
  };

  const about = () => {
    void Dialog.alert({
      title: `关于${info.title}`,
      content: (
        <div className="stack">
          <span>
            版本 {BUILD_INFO.version}（{BUILD_INFO.versionCode}）
          </span>
          <span className="muted">足球、篮球竞猜与彩票娱乐平台。请理性投注，未满18周岁禁止参与。</span>
        </div>
      ),
      confirmText: '知道了',
    });
  };

  const developer = useDeveloperMode();
  const debug = developer ? debugEntries() : [];
  const [onVersionTap] = useState(() =>
    tapCounter(() => {
      if (!developerMode.allowed() || developerMode.enabled()) return;
      developerMode.set(true);
      toast.success('已开启开发者模式');
    }),
  );

  return (
    <Page title="设置">
      <List header="应用" mode="card">
        <List.Item
          extra={`v${BUILD_INFO.version}（${BUILD_INFO.versionCode}）`}
          onClick={onVersionTap}
          arrowIcon={false}
          data-testid="app-version"
        >
          当前版本
        </List.Item>
        <List.Item extra={<span className="mono">{BUILD_INFO.buildId}</span>}>构建编号</List.Item>
        <List.Item extra={checking ? '检查中…' : ''} onClick={() => void checkUpdate()}>
          检查更新
        </List.Item>
        <List.Item
          extra={<span className="setting-value">{formatBytes(usage)}</span>}
          onClick={() => void clearCache()}
        >
          清除缓存
        </List.Item>
      </List>

      {loggedIn ? (
        <List header="投注设置" mode="card">
          <List.Item
            description="投注时赔率已变化（含滚球确认期间）的处理方式"
            extra={<span className="setting-value">{ODDS_POLICY_TEXT[oddsPolicy]}</span>}
            onClick={() => setPolicyOpen(true)}
            data-testid="settings-odds-policy"
          >
            赔率变化
          </List.Item>
        </List>
      ) : null}
      <OddsPolicySheet visible={policyOpen} onClose={() => setPolicyOpen(false)} />

      <List header="健康游戏" mode="card">
        <List.Item
          description="限额、游戏时长提醒、冷静期与自我排除"
          onClick={() => void navigate(RESPONSIBLE_PATH)}
          data-testid="settings-responsible"
        >
          理性投注
        </List.Item>
      </List>

      <List header="帮助与反馈" mode="card">
        <List.Item onClick={() => void navigate('/pages/download/download')}>下载App</List.Item>
        <List.Item onClick={about}>关于我们</List.Item>
        <List.Item onClick={() => void navigate(USER_AGREEMENT_PATH)}>用户协议</List.Item>
        <List.Item onClick={() => void navigate(PRIVACY_POLICY_PATH)}>隐私政策</List.Item>
      </List>

      {developer ? (
        <List header="调试工具（开发者模式）" mode="card" data-testid="debug-tools">
          <List.Item onClick={() => void navigate('/pages/logs/logs')}>日志管理</List.Item>
          {debug.map((entry) => (
            <List.Item key={entry.path} onClick={() => void navigate(entry.path)}>
              {entry.title}
            </List.Item>
          ))}
          <List.Item onClick={() => developerMode.set(false)}>关闭开发者模式</List.Item>
        </List>
      ) : null}
    </Page>
  );
}
