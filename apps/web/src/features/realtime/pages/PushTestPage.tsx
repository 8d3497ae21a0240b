import { PUBLIC_CHANNELS } from '@app/shared';
import { Button, Empty, Input, Selector, Tag } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import {
  ANY_EVENT,
  clearEventFeed,
  EVENT_FEED_LIMIT,
  markAllNotificationsRead,
  markNotificationRead,
  realtimeApi,
  subscribePublic,
  useRealtimeBuffers,
  type ReceivedEvent,
} from '@/lib/realtime/index.ts';
import { toast } from '@/lib/toast.tsx';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import { Money } from '@/ui/Money.tsx';
import { Page, Section } from '@/ui/Page.tsx';
import { RealtimeStatusCard } from '../components/RealtimeStatusCard.tsx';
import { formatClock } from '../labels.ts';
import { signedAmount } from '../live-updates.ts';
import '../realtime.css';

const SCOPES = [
  { label: '全部', value: 'all' },
  { label: '私有频道', value: 'private' },
  { label: '公共频道', value: 'public' },
];
const DEFAULT_PUBLIC = [PUBLIC_CHANNELS.announcements, PUBLIC_CHANNELS.liveMatches];
const CHANNEL_PATTERN = /^[A-Za-z0-9_\-=@,.;]+$/;

/** Subscribes to every event of the chosen public channels while the page is open. */
function usePublicChannels(channels: string[]): void {
  const key = channels.join('|');
  useEffect(() => {
    const stops = key
      ? key.split('|').map((channel) => subscribePublic(channel, ANY_EVENT, () => undefined))
      : [];
    return () => {
      for (const stop of stops) stop();
    };
  }, [key]);
}

function EventItem({ event }: { event: ReceivedEvent }) {
  const [open, setOpen] = useState(false);
  const text = useMemo(() => JSON.stringify(event.data, null, open ? 2 : 0) ?? 'null', [event.data, open]);
  return (
    <li className={`rt-event scope-${event.scope}`}>
      <button type="button" className="rt-event-head" onClick={() => setOpen((v) => !v)}>
        <Tag color={event.scope === 'private' ? 'warning' : 'primary'} fill="outline">
          {event.scope === 'private' ? '私有' : '公共'}
        </Tag>
        <strong className="rt-event-name">{event.event}</strong>
        <span className="rt-log-time">{formatClock(event.receivedAt)}</span>
      </button>
      <div className="rt-event-channel mono">{event.channel}</div>
      <pre className={open ? 'rt-event-data open' : 'rt-event-data'}>{text}</pre>
    </li>
  );
}

/** pages/debug/push-test: every event arriving on the private and public channels, and the buffers. */
export default function PushTestPage() {
  const events = useRealtimeBuffers((s) => s.events);
  const balanceHistory = useRealtimeBuffers((s) => s.balanceHistory);
  const notifications = useRealtimeBuffers((s) => s.notifications);
  const [scope, setScope] = useState('all');
  const [channels, setChannels] = useState<string[]>(DEFAULT_PUBLIC);
  const [custom, setCustom] = useState('');
  const [sending, setSending] = useState(false);
  const loggedIn = useSessionStore(selectLoggedIn);
  usePublicChannels(channels);

  const shown = scope === 'all' ? events : events.filter((e) => e.scope === scope);
  const channelOptions = [...new Set([...DEFAULT_PUBLIC, ...channels])].map((c) => ({ label: c, value: c }));

  const requestPush = async () => {
    setSending(true);
    try {
      const result = await realtimeApi.testConnection();
      toast.success(`已请求测试推送（${result.latency_ms} ms）`);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : '连接测试失败');
    } finally {
      setSending(false);
    }
  };

  const addChannel = () => {
    const name = custom.trim();
    if (!CHANNEL_PATTERN.test(name) || name.startsWith('private-')) {
      toast.warning('请输入公共频道名，例如 lottery.cqssc');
      return;
    }
    setChannels((list) => (list.includes(name) ? list : [...list, name]));
    setCustom('');
  };

  return (
    <Page title="推送测试">
      <Section title="连接">
        <RealtimeStatusCard compact />
        <div className="button-row rt-actions">
          <Button
            size="small"
            color="primary"
            loading={sending}
            disabled={!loggedIn}
            onClick={() => void requestPush()}
          >
            {loggedIn ? '请求测试推送' : '登录后测试'}
          </Button>
          <Button size="small" onClick={clearEventFeed}>
            清空事件
          </Button>
        </div>
      </Section>

      <Section title="订阅的公共频道">
        <Selector
          className="rt-selector"
          multiple
          columns={2}
          options={channelOptions}
          value={channels}
          onChange={(values) => setChannels(values)}
        />
        <div className="rt-custom-channel">
          <Input placeholder="其他公共频道，如 lottery.cqssc" value={custom} onChange={setCustom} clearable />
          <Button size="small" onClick={addChannel}>
            订阅
          </Button>
        </div>
      </Section>

      <Section title="收到的事件" extra={`${shown.length} 条（保留最近 ${EVENT_FEED_LIMIT} 条）`}>
        <Selector
          className="rt-selector"
          columns={3}
          options={SCOPES}
          value={[scope]}
          onChange={(values) => setScope(values[0] ?? 'all')}
        />
        {shown.length === 0 ? (
          <Empty description="暂无事件，点击“请求测试推送”试试" />
        ) : (
          <ul className="rt-events" data-testid="push-events">
            {shown.map((event) => (
              <EventItem key={event.id} event={event} />
            ))}
          </ul>
        )}
      </Section>

      <Section title="余额变动记录" extra={`最近 ${balanceHistory.length} / 10 条`}>
        {balanceHistory.length === 0 ? (
          <div className="card empty-line">暂无余额变动</div>
        ) : (
          <ul className="rt-list">
            {balanceHistory.map((record, i) => (
              <li key={`${record.timestamp}-${i}`} className="rt-list-item">
                <div className="rt-list-main">
                  <strong className={record.amount.startsWith('-') ? 'rt-minus' : 'rt-plus'}>
                    {signedAmount(record.amount)}
                  </strong>
                  <span>{record.typeText}</span>
                </div>
                <div className="rt-list-sub">
                  <span>
                    <Money value={record.before} /> → <Money value={record.after} />
                  </span>
                  <span className="rt-log-time">{formatClock(record.timestamp)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section
        title="通知"
        extra={
          notifications.some((n) => !n.read) ? (
            <Button size="mini" fill="none" className="link-button" onClick={markAllNotificationsRead}>
              全部已读
            </Button>
          ) : (
            `最近 ${notifications.length} / 20 条`
          )
        }
      >
        {notifications.length === 0 ? (
          <div className="card empty-line">暂无通知</div>
        ) : (
          <ul className="rt-list">
            {notifications.map((n) => (
              <li key={n.id} className={n.read ? 'rt-list-item' : 'rt-list-item unread'}>
                <button type="button" className="rt-notice" onClick={() => markNotificationRead(n.id)}>
                  <div className="rt-list-main">
                    <strong>{n.title}</strong>
                    <span className="rt-log-time">{formatClock(n.timestamp)}</span>
                  </div>
                  <div className="rt-list-sub">{n.message}</div>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </Page>
  );
}
