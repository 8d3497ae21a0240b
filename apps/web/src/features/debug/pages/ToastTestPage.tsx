import { CLIENT_ERROR_MESSAGES, HTTP_MESSAGES, TOAST_MS } from '@app/shared';
import { Button, List } from 'antd-mobile';
import { request } from '@/lib/api/client.ts';
import { beginLoading } from '@/lib/loading.ts';
import { toast } from '@/lib/toast.tsx';
import { UPDATE_READY_MESSAGE } from '@/lib/updates.ts';
import { Page, Section } from '@/ui/Page.tsx';
import '../debug.css';

const seconds = (ms: number) => `${ms / 1000} 秒`;

const KINDS = [
  { label: '普通提示', hint: seconds(TOAST_MS.default), run: () => toast.info('这是一条普通提示') },
  { label: '成功提示', hint: seconds(TOAST_MS.default), run: () => toast.success('操作成功') },
  { label: '错误提示', hint: seconds(TOAST_MS.error), run: () => toast.error('操作失败，请稍后重试') },
  { label: '警告提示', hint: seconds(TOAST_MS.warning), run: () => toast.warning('余额不足，请先充值') },
  { label: '余额变动', hint: seconds(TOAST_MS.balance), run: () => toast.balance('+100.00', '充值到账') },
  {
    label: '消息通知',
    hint: seconds(TOAST_MS.notification),
    run: () => toast.notification('系统通知', '您的提现申请已审核通过'),
  },
  {
    label: '断网提示',
    hint: seconds(TOAST_MS.offline),
    run: () => toast.offline(CLIENT_ERROR_MESSAGES.OFFLINE),
  },
  { label: '更新提示', hint: seconds(TOAST_MS.default), run: () => toast.info(UPDATE_READY_MESSAGE) },
  {
    label: '加载中（2 秒）',
    hint: '手动关闭',
    run: () => {
      const close = toast.loading('加载中…');
      setTimeout(close, 2_000);
    },
  },
  {
    label: '慢请求（1 秒）',
    hint: '300 毫秒后出现遮罩',
    run: () => {
      const end = beginLoading('请求处理中…');
      setTimeout(end, 1_000);
    },
  },
  {
    label: '快请求（0.2 秒）',
    hint: '不出现遮罩',
    run: () => {
      const end = beginLoading('请求处理中…');
      setTimeout(end, 200);
    },
  },
];

/** pages/debug/toast-test: every toast kind and duration, and every catalogue message (SPEC.md §8). */
export default function ToastTestPage() {
  const failingCall = () => {
    // A real failing request through the client: the 404 envelope's message is toasted.
    // A path no route serves, to show the 404 toast: the untyped call.
    void request('GET', '/v1/debug/not-found', { light: true, retry: false }).catch(() => undefined);
  };
  return (
    <Page title="提示测试">
      <Section title="提示类型与时长">
        <div className="toast-grid">
          {KINDS.map((kind) => (
            <Button key={kind.label} size="small" onClick={kind.run} className="toast-button">
              <span>{kind.label}</span>
              <small>{kind.hint}</small>
            </Button>
          ))}
          <Button size="small" className="toast-button" onClick={failingCall}>
            <span>真实请求失败</span>
            <small>GET 不存在的接口</small>
          </Button>
        </div>
      </Section>

      <List mode="card" header="HTTP 状态提示（错误 3 秒）">
        {Object.entries(HTTP_MESSAGES).map(([status, message]) => (
          <List.Item
            key={status}
            prefix={<span className="status-code">{status}</span>}
            onClick={() => toast.error(message)}
          >
            {message}
          </List.Item>
        ))}
      </List>

      <List mode="card" header="客户端错误提示（错误 3 秒）">
        {Object.entries(CLIENT_ERROR_MESSAGES).map(([kind, message]) => (
          <List.Item key={kind} description={kind} onClick={() => toast.error(message)}>
            {message}
          </List.Item>
        ))}
      </List>
    </Page>
  );
}
