import { Button, Dialog, Empty, SearchBar, Selector, Tabs, Tag } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { copyText, downloadText } from '@/lib/clipboard.ts';
import { useDeveloperMode } from '@/lib/developer-mode.ts';
import { connectionLog, exportLogs, logger, type LogLevel } from '@/lib/logger.ts';
import { networkStore, refreshNetworkStatus } from '@/lib/network.ts';
import { toast } from '@/lib/toast.tsx';
import { formatDateTime } from '@/ui/format.ts';
import { Page, Section } from '@/ui/Page.tsx';
import { RealtimeStatusCard } from '../../realtime/components/RealtimeStatusCard.tsx';
import { ConnectionLogItem } from '../components/ConnectionLogItem.tsx';
import { LogEntryItem } from '../components/LogEntryItem.tsx';
import { ServerLogsCard } from '../components/ServerLogsCard.tsx';
import {
  filterLogs,
  LEVEL_LABELS,
  useClientLogs,
  useConnectionLogs,
  useErrorLogs,
  useNetworkStatus,
} from '../store.ts';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import '../logs.css';

const PAGE = 100;
const LEVEL_OPTIONS = [
  { label: '全部', value: 'all' },
  ...(Object.keys(LEVEL_LABELS) as LogLevel[]).map((level) => ({ label: LEVEL_LABELS[level], value: level })),
];

const TABS = ['client', 'connection', 'errors'] as const;
type TabKey = (typeof TABS)[number];
const isTab = (value: string | null): value is TabKey => TABS.includes(value as TabKey);

/**
 * pages/logs/logs: network status, then the client log (latest 1000), the realtime connection
 * log (latest 100) and the error log (latest 20) side by side as tabs (`?tab=connection`).
 */
export default function LogsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabKey = isTab(requested) ? requested : 'client';
  const entries = useClientLogs();
  const errors = useErrorLogs();
  const connection = useConnectionLogs();
  const network = useNetworkStatus();
  const loggedIn = useSessionStore(selectLoggedIn);
  // Upload and clear are developer tools: listed only in developer mode (设置 → tap the version 7 times).
  const developer = useDeveloperMode();
  const [level, setLevel] = useState<LogLevel | 'all'>('all');
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(PAGE);
  const filtered = useMemo(() => filterLogs(entries, level, search), [entries, level, search]);

  const json = () => exportLogs({ network: networkStore.getState() });
  const copy = async () => {
    if (await copyText(json())) toast.success('日志已复制');
    else toast.warning('复制失败，请使用导出');
  };
  const exportFile = () => {
    downloadText(`client-logs-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, json());
    toast.success('日志已导出');
  };
  const clear = async () => {
    if (!(await Dialog.confirm({ content: '确定清空全部客户端日志吗？', confirmText: '清空' }))) return;
    logger.clear();
    connectionLog.clear();
    toast.success('日志已清空');
  };
  const clearConnection = async () => {
    if (!(await Dialog.confirm({ content: '确定清空实时连接日志吗？', confirmText: '清空' }))) return;
    connectionLog.clear();
    toast.success('连接日志已清空');
  };
  const switchTab = (key: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Page title="日志管理">
      <Section
        title="网络状态"
        extra={
          <Button size="mini" fill="none" className="link-button" onClick={() => void refreshNetworkStatus()}>
            刷新
          </Button>
        }
      >
        <div className="card network-card">
          <div>
            <span className="muted">连接状态</span>
            <Tag color={network.isOnline ? 'success' : 'danger'} data-testid="network-online">
              {network.isOnline ? '在线' : '离线'}
            </Tag>
          </div>
          <div>
            <span className="muted">网络类型</span>
            <strong>{network.networkType}</strong>
          </div>
          <div>
            <span className="muted">检测时间</span>
            <strong>{formatDateTime(network.lastCheckTime, true).slice(11)}</strong>
          </div>
        </div>
      </Section>

      {loggedIn && developer ? <ServerLogsCard /> : null}

      <div className="logs-tabs-wrap">
        <Tabs className="logs-tabs" activeKey={tab} onChange={switchTab}>
          <Tabs.Tab title="客户端日志" key="client">
            <div className="logs-tab-section">
              <div className="logs-tab-meta">
                <span>
                  共 {filtered.length} / {entries.length} 条
                </span>
              </div>
              <div className="log-toolbar">
                <SearchBar placeholder="搜索分类、内容" value={search} onChange={setSearch} />
                <Selector
                  className="level-selector"
                  columns={5}
                  options={LEVEL_OPTIONS}
                  value={[level]}
                  onChange={(values) => setLevel((values[0] as LogLevel | 'all' | undefined) ?? 'all')}
                />
                <div className="button-row">
                  <Button size="small" onClick={() => void copy()}>
                    复制
                  </Button>
                  <Button size="small" onClick={exportFile}>
                    导出JSON
                  </Button>
                  {developer ? (
                    <Button size="small" color="danger" fill="outline" onClick={() => void clear()}>
                      清空
                    </Button>
                  ) : null}
                </div>
              </div>
              {filtered.length === 0 ? (
                <Empty description="暂无日志" />
              ) : (
                <ul className="log-list" data-testid="log-list">
                  {filtered.slice(0, shown).map((entry) => (
                    <LogEntryItem key={entry.id} entry={entry} />
                  ))}
                </ul>
              )}
              {filtered.length > shown ? (
                <Button block fill="none" className="link-button" onClick={() => setShown((n) => n + PAGE)}>
                  显示更多
                </Button>
              ) : null}
            </div>
          </Tabs.Tab>

          <Tabs.Tab title={`实时连接（${connection.length}）`} key="connection">
            <div className="logs-tab-section">
              <RealtimeStatusCard compact />
              <div className="logs-tab-meta">
                <span>最近 {connection.length} 条（最多 100 条），最新在前</span>
                {developer && connection.length > 0 ? (
                  <Button
                    size="mini"
                    fill="none"
                    className="link-button"
                    onClick={() => void clearConnection()}
                  >
                    清空
                  </Button>
                ) : null}
              </div>
              {connection.length === 0 ? (
                <div className="card empty-line">暂无连接记录，登录后实时服务连接时在此显示</div>
              ) : (
                <ul className="log-list" data-testid="connection-log">
                  {connection
                    .map((entry, index) => ({ entry, index }))
                    .reverse()
                    .map(({ entry, index }) => (
                      <ConnectionLogItem key={`${entry.timestamp}-${index}`} entry={entry} />
                    ))}
                </ul>
              )}
            </div>
          </Tabs.Tab>

          <Tabs.Tab title={`错误日志（${errors.length}）`} key="errors">
            {errors.length === 0 ? (
              <div className="card empty-line">暂无错误</div>
            ) : (
              <ul className="log-list">
                {[...errors].reverse().map((entry) => (
                  <LogEntryItem key={entry.id} entry={entry} />
                ))}
              </ul>
            )}
          </Tabs.Tab>
        </Tabs>
      </div>
    </Page>
  );
}
