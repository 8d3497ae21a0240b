import { REALTIME_EVENTS } from '@app/shared';
import { Button, List, Tag } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStore } from 'zustand';
import { ApiError } from '@/lib/api/errors.ts';
import { logStore } from '@/lib/logger.ts';
import {
  realtime,
  realtimeApi,
  usePrivateEvent,
  useRealtimeSnapshot,
  type ConnectionTestResult,
  type OnlineStatus,
} from '@/lib/realtime/index.ts';
import { toast } from '@/lib/toast.tsx';
import { formatDateTime } from '@/ui/format.ts';
import { Page, Section } from '@/ui/Page.tsx';
import { RealtimeStatusCard } from '../components/RealtimeStatusCard.tsx';
import { formatClock } from '../labels.ts';
import '../realtime.css';

interface TestRun {
  startedAt: number;
  result: ConnectionTestResult | null;
  error: string | null;
  /** The connection.test push, when it arrived. */
  push: { receivedAt: number; serverTimestamp: number | null; message: string } | null;
}

const FAILED_PREFIX = '连接测试失败';
/** How long the page waits for the connection.test push before calling it missing. */
const PUSH_WAIT_MS = 5_000;

/** pages/debug/websocket-test: the connection, its info, and a round trip through the server. */
export default function WebSocketTestPage() {
  const navigate = useNavigate();
  const snapshot = useRealtimeSnapshot();
  const connectionLog = useStore(logStore, (s) => s.connection);
  const recentLog = useMemo(() => connectionLog.slice(-6).reverse(), [connectionLog]);
  const [run, setRun] = useState<TestRun | null>(null);
  const [testing, setTesting] = useState(false);
  const [online, setOnline] = useState<OnlineStatus | null>(null);
  const runRef = useRef<TestRun | null>(null);
  const [pushOverdue, setPushOverdue] = useState(false);
  useEffect(() => {
    setPushOverdue(false);
    if (!run || run.push) return;
    const timer = setTimeout(() => setPushOverdue(true), PUSH_WAIT_MS - (Date.now() - run.startedAt));
    return () => clearTimeout(timer);
  }, [run]);

  usePrivateEvent(REALTIME_EVENTS.connectionTest, (data) => {
    const current = runRef.current;
    if (!current || current.push) return;
    const payload = (typeof data === 'object' && data !== null ? data : {}) as {
      message?: unknown;
      timestamp?: unknown;
    };
    const next: TestRun = {
      ...current,
      push: {
        receivedAt: Date.now(),
        serverTimestamp: typeof payload.timestamp === 'number' ? payload.timestamp : null,
        message: typeof payload.message === 'string' ? payload.message : '',
      },
    };
    runRef.current = next;
    setRun(next);
  });

  const test = async () => {
    setTesting(true);
    const started: TestRun = { startedAt: Date.now(), result: null, error: null, push: null };
    runRef.current = started;
    setRun(started);
    try {
      const result = await realtimeApi.testConnection();
      const next = { ...(runRef.current ?? started), result };
      runRef.current = next;
      setRun(next);
      toast.success('连接测试成功');
    } catch (err) {
      const message = err instanceof ApiError || err instanceof Error ? err.message : String(err);
      const text = message.startsWith(FAILED_PREFIX) ? message : `${FAILED_PREFIX}：${message}`;
      const next = { ...(runRef.current ?? started), error: text };
      runRef.current = next;
      setRun(next);
      toast.error(text);
    } finally {
      setTesting(false);
    }
  };

  const checkOnline = async () => {
    try {
      setOnline(await realtimeApi.onlineStatus());
    } catch (err) {
      toast.error(err instanceof Error ? err.message : '查询失败');
    }
  };

  const sendHeartbeat = async () => {
    if (!snapshot.socketId) {
      toast.warning('尚未连接，没有 Socket ID');
      return;
    }
    try {
      await realtimeApi.heartbeat(snapshot.socketId);
      toast.success('心跳已发送');
    } catch (err) {
      toast.error(err instanceof Error ? err.message : '心跳失败');
    }
  };

  const info = snapshot.info;
  const connected = snapshot.state === 'connected';
  return (
    <Page title="WebSocket 测试">
      <Section title="连接状态">
        <RealtimeStatusCard />
        <div className="button-row rt-actions">
          <Button
            size="small"
            color="primary"
            disabled={snapshot.state === 'connecting'}
            onClick={() => realtime.connect()}
          >
            {connected ? '重新连接' : '连接'}
          </Button>
          <Button size="small" disabled={snapshot.state === 'idle'} onClick={() => realtime.disconnect()}>
            断开
          </Button>
          <Button size="small" color="warning" loading={testing} onClick={() => void test()}>
            测试连接
          </Button>
        </div>
      </Section>

      <Section title="连接测试">
        {run ? (
          <div className="card rt-test" data-testid="connection-test">
            <div className="rt-status-row">
              <span className="muted">结果</span>
              {run.error ? (
                <Tag color="danger">失败</Tag>
              ) : run.result ? (
                <Tag color="success">成功</Tag>
              ) : (
                <Tag color="warning">测试中</Tag>
              )}
            </div>
            {run.error ? <p className="rt-error">{run.error}</p> : null}
            {run.result ? (
              <>
                <div className="rt-status-row">
                  <span className="muted">服务端推送耗时</span>
                  <strong>{run.result.latency_ms} ms</strong>
                </div>
                <div className="rt-status-row">
                  <span className="muted">推送驱动 / 连接数</span>
                  <strong>
                    {run.result.driver} / {run.result.connections}
                  </strong>
                </div>
              </>
            ) : null}
            <div className="rt-status-row">
              <span className="muted">connection.test 推送</span>
              {run.push ? (
                <strong data-testid="connection-test-push">
                  已收到 · {run.push.receivedAt - run.startedAt} ms
                </strong>
              ) : (
                <strong className="muted">
                  {pushOverdue || run.error
                    ? snapshot.state === 'connected'
                      ? '未收到'
                      : '未收到（当前未连接 WebSocket）'
                    : '等待中…'}
                </strong>
              )}
            </div>
            {run.push ? (
              <>
                <div className="rt-status-row">
                  <span className="muted">推送内容</span>
                  <strong>{run.push.message || '--'}</strong>
                </div>
                <div className="rt-status-row">
                  <span className="muted">服务端 → 客户端</span>
                  <strong>
                    {run.push.serverTimestamp === null
                      ? '--'
                      : `${Math.max(0, run.push.receivedAt - run.push.serverTimestamp)} ms`}
                  </strong>
                </div>
                <div className="rt-status-row">
                  <span className="muted">到达时间</span>
                  <strong>{formatClock(run.push.receivedAt)}</strong>
                </div>
              </>
            ) : null}
          </div>
        ) : (
          <div className="card hint">
            点击“测试连接”：服务端向本人私有频道推送 connection.test，此处显示结果与到达耗时。
          </div>
        )}
      </Section>

      <List mode="card" header="连接信息（/v1/websocket/connection-info）">
        {info ? (
          <>
            <List.Item extra={info.driver}>驱动</List.Item>
            <List.Item
              description={
                <span className="mono">{`${info.scheme}://${info.host}:${info.port}${info.path}/app/${info.app_key}`}</span>
              }
            >
              地址
            </List.Item>
            <List.Item extra={<span className="mono">{info.app_key}</span>}>app_key</List.Item>
            <List.Item extra={info.cluster}>cluster</List.Item>
            <List.Item extra={<span className="mono">{info.channels.private}</span>}>私有频道</List.Item>
            <List.Item description={<span className="mono">{info.channels.public.join('、')}</span>}>
              公共频道
            </List.Item>
            <List.Item extra={`${info.activity_timeout} 秒 / ${info.pong_timeout / 1000} 秒`}>
              心跳 / 响应超时
            </List.Item>
          </>
        ) : (
          <List.Item>尚未获取（连接时自动获取）</List.Item>
        )}
      </List>

      <Section
        title="在线状态"
        extra={
          <span className="rt-inline-buttons">
            <Button size="mini" fill="none" className="link-button" onClick={() => void sendHeartbeat()}>
              发送心跳
            </Button>
            <Button size="mini" fill="none" className="link-button" onClick={() => void checkOnline()}>
              查询
            </Button>
          </span>
        }
      >
        <div className="card">
          {online ? (
            <>
              <div className="rt-status-row">
                <span className="muted">状态</span>
                <Tag color={online.is_online ? 'success' : 'default'}>
                  {online.is_online ? '在线' : '离线'}
                </Tag>
              </div>
              <div className="rt-status-row">
                <span className="muted">本服务连接数</span>
                <strong>{online.connections}</strong>
              </div>
              <div className="rt-status-row">
                <span className="muted">最近心跳</span>
                <strong>{formatDateTime(online.last_heartbeat_at, true)}</strong>
              </div>
            </>
          ) : (
            <span className="hint">点击“查询”查看服务端记录的在线状态</span>
          )}
        </div>
      </Section>

      <Section
        title="最近连接日志"
        extra={
          <Button
            size="mini"
            fill="none"
            className="link-button"
            onClick={() => void navigate('/pages/logs/logs?tab=connection')}
          >
            全部日志
          </Button>
        }
      >
        {recentLog.length === 0 ? (
          <div className="card empty-line">暂无连接记录</div>
        ) : (
          <ul className="rt-log">
            {recentLog.map((entry, i) => (
              <li key={`${entry.timestamp}-${i}`} className={`rt-log-item conn-${entry.type}`}>
                <span className="rt-log-time">{formatClock(entry.timestamp)}</span>
                <span>
                  {entry.message}
                  {entry.error ? `：${entry.error}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </Page>
  );
}
