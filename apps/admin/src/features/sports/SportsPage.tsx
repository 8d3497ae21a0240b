import {
  ModalForm,
  PageContainer,
  ProFormDigit,
  ProFormRadio,
  ProFormTextArea,
  ProFormDependency,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import type { BackofficeBody, BackofficeRow } from '@app/shared/backoffice-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Drawer, Popconfirm, Space, Table, Tag } from 'antd';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { doneOrPending, get, getPage, post } from '@/lib/api.ts';
import { beijing, yuan } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';
import { MatchCashOut } from './MatchCashOut.tsx';

type Row = BackofficeRow<'/admin/v1/sports/matches'>;
type Correction = BackofficeBody<'POST', '/admin/v1/sports/matches/:id/correction'>;
const STATUS = {
  scheduled: '未开赛',
  live: '进行中',
  finished: '已完场',
  postponed: '推迟',
  cancelled: '取消',
} as const;

/**
 * A match's state, once: its status, with the clock only while it is played (45', 中场). Out of
 * play the feed's clock repeats the status (未开赛, 完场) or is stale (a voided match is 取消 and
 * keeps 未开赛), so it is left out; 更正 says whether it was voided.
 */
export function matchStatusText(m: { status: string; clock: string }): string {
  const status = STATUS[m.status as keyof typeof STATUS] ?? m.status;
  return m.status === 'live' && m.clock && m.clock !== status ? `${status} ${m.clock}` : status;
}

function MatchDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { data: m } = useQuery({
    queryKey: ['match', id],
    queryFn: () => get('/admin/v1/sports/matches/:id', { id }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['match', id] });
  const toggle = async (playType: string | undefined, open: boolean) => {
    try {
      await post(
        `/admin/v1/sports/matches/:id/${open ? 'reopen' : 'suspend'}`,
        { ...(playType ? { play_type: playType } : {}), reason: open ? '恢复' : '风控暂停' },
        { params: { id } },
      );
      void message.success(open ? '已恢复' : '已暂停');
      refresh();
    } catch (e) {
      void message.error((e as Error).message);
    }
  };
  if (!m) return null;
  return (
    <Drawer open width={980} onClose={onClose} title={`${m.match_no} ${m.home} vs ${m.away}`} destroyOnHidden>
      <Descriptions size="small" column={4} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="联赛">{m.league}</Descriptions.Item>
        <Descriptions.Item label="开赛">{beijing(m.kickoff_at)}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <span data-testid="match-status">{matchStatusText(m)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="比分">{m.score}</Descriptions.Item>
        <Descriptions.Item label="未结注单">{m.open_orders}</Descriptions.Item>
        <Descriptions.Item label="未结金额">{yuan(m.open_stake)}</Descriptions.Item>
        <Descriptions.Item label="更正">
          {m.corrected ? <Tag color="red">{m.corrected === 'void' ? '已作废' : '已重新结算'}</Tag> : '-'}
        </Descriptions.Item>
        {m.void_trace ? (
          <Descriptions.Item label="作废/更正记录" span={4}>
            <span data-testid="match-void-trace">
              {m.void_trace.action} · {m.void_trace.by} · 原因：{m.void_trace.reason}
              {m.void_trace.at ? ` · ${beijing(m.void_trace.at)}` : ''}
            </span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Space wrap style={{ marginBottom: 12 }}>
        {m.match_suspended ? (
          <Button onClick={() => toggle(undefined, true)}>恢复整场投注</Button>
        ) : (
          <Popconfirm title="暂停整场比赛的所有玩法？会员端将置灰" onConfirm={() => toggle(undefined, false)}>
            <Button danger>暂停整场</Button>
          </Popconfirm>
        )}
        {!m.corrected && (
          <ModalForm<Correction>
            title="作废或重新结算（每场仅一次）"
            width={520}
            initialValues={{ kind: 'void' }}
            trigger={
              <Button danger type="primary" data-testid="open-correction">
                作废/重新结算
              </Button>
            }
            modalProps={{ destroyOnHidden: true }}
            onFinish={async (v) => {
              try {
                const p = await post('/admin/v1/sports/matches/:id/correction-preview', v, {
                  params: { id },
                });
                const ok = await modal.confirm({
                  title: v.kind === 'void' ? '确认作废' : '确认重新结算',
                  content: `将影响 ${p.orders} 笔注单${p.open_orders ? `（其中 ${p.open_orders} 笔串关该场改判后仍待其他场次结算）` : ''}：退款 ${p.refunds} 笔，共 ${yuan(p.refund_amount)} 元；补派 ${p.extra_payouts} 笔，共 ${yuan(p.extra_amount)} 元；扣回 ${p.take_backs} 笔，共 ${yuan(p.take_back_amount)} 元。此操作每场仅能执行一次。`,
                  okText: v.kind === 'void' ? '确认作废' : '确认重新结算',
                  okButtonProps: { danger: true },
                });
                if (!ok) return false;
                const done = await post('/admin/v1/sports/matches/:id/correction', v, { params: { id } });
                void message.success(doneOrPending(done, v.kind === 'void' ? '已作废' : '已重新结算'));
                refresh();
                return true;
              } catch (e) {
                void message.error((e as Error).message);
                return false;
              }
            }}
          >
            <ProFormRadio.Group
              name="kind"
              label="操作"
              options={[
                { label: '作废（全部注单按 1.00 计算）', value: 'void' },
                { label: '按正确比分重新结算', value: 'resettle' },
              ]}
            />
            <ProFormDependency name={['kind']}>
              {({ kind }) =>
                kind === 'resettle' ? (
                  <Space wrap>
                    <ProFormDigit name="home" label="主队全场" width="xs" fieldProps={{ precision: 0 }} />
                    <ProFormDigit name="away" label="客队全场" width="xs" fieldProps={{ precision: 0 }} />
                    {m.sport === 'football' && (
                      <ProFormDigit
                        name="ht_home"
                        label="主队半场"
                        width="xs"
                        fieldProps={{ precision: 0 }}
                      />
                    )}
                    {m.sport === 'football' && (
                      <ProFormDigit
                        name="ht_away"
                        label="客队半场"
                        width="xs"
                        fieldProps={{ precision: 0 }}
                      />
                    )}
                  </Space>
                ) : null
              }
            </ProFormDependency>
            <ProFormTextArea name="reason" label="原因" rules={[{ required: true, message: '请填写原因' }]} />
          </ModalForm>
        )}
        <MatchCashOut key={`${id}:${String(m.cash_out)}`} matchId={id} enabled={m.cash_out} />
      </Space>
      {m.markets.map((market) => (
        <Card
          key={market.play_type}
          size="small"
          style={{ marginBottom: 8 }}
          title={
            <Space>
              {market.name}
              {market.line && <Tag>{market.line}</Tag>}
              {market.suspended && <Tag color="red">已暂停</Tag>}
            </Space>
          }
          extra={
            market.suspended ? (
              <a onClick={() => toggle(market.play_type, true)} data-testid={`reopen-${market.play_type}`}>
                恢复
              </a>
            ) : (
              <Popconfirm
                title={`暂停「${market.name}」？会员端将置灰，提交被拒绝`}
                onConfirm={() => toggle(market.play_type, false)}
              >
                <a data-testid={`suspend-${market.play_type}`}>暂停</a>
              </Popconfirm>
            )
          }
        >
          <Table
            size="small"
            pagination={false}
            rowKey="option"
            dataSource={market.outcomes}
            columns={[
              { title: '结果', dataIndex: 'name' },
              { title: '赔率', dataIndex: 'odds' },
              { title: '未结注数', dataIndex: 'legs' },
              { title: '相关注单金额', dataIndex: 'stake', render: (v: string) => <Money value={v} /> },
              {
                title: '该结果发生时单关赔付',
                dataIndex: 'payout_if_won',
                render: (v: string) => <Money value={v} />,
              },
              { title: '串关注数', dataIndex: 'parlay_legs' },
              {
                // Each open parlay holding this result at its max prize: its other matches may all win.
                title: '串关最高赔付（按最高奖金）',
                dataIndex: 'parlay_payout_if_won',
                render: (v: string) => <Money value={v} />,
              },
              {
                title: '最坏情况合计',
                dataIndex: 'worst_case_payout',
                render: (v: string) => <Money value={v} />,
              },
            ]}
          />
        </Card>
      ))}
    </Drawer>
  );
}

/** Matches with markets, live state, liability by outcome, suspension and void/resettle. */
export default function SportsPage() {
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('match') ?? 0);
  const ref = useRef<ActionType>(undefined);
  const columns: ProColumns<Row>[] = [
    { title: '编号/球队/联赛', dataIndex: 'keyword', hideInTable: true },
    { title: 'ID', dataIndex: 'id', search: false, width: 70 },
    {
      title: '运动',
      dataIndex: 'sport',
      valueEnum: { football: { text: '足球' }, basketball: { text: '篮球' } },
    },
    { title: '编号', dataIndex: 'match_no', search: false },
    { title: '联赛', dataIndex: 'league', search: false },
    { title: '对阵', dataIndex: 'home', search: false, render: (_, r) => `${r.home} vs ${r.away}` },
    { title: '开赛', dataIndex: 'kickoff_at', search: false, render: (_, r) => beijing(r.kickoff_at) },
    {
      title: '状态',
      dataIndex: 'status',
      valueEnum: Object.fromEntries(Object.entries(STATUS).map(([k, v]) => [k, { text: v }])),
    },
    { title: '比分', dataIndex: 'score', search: false },
    { title: '未结注单', dataIndex: 'open_orders', search: false },
    {
      title: '未结金额',
      dataIndex: 'open_stake',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.open_stake} />,
    },
    {
      title: '标记',
      dataIndex: 'suspended',
      search: false,
      render: (_, r) => (
        <Space size={2}>
          {r.suspended.length > 0 && (
            <Tag color="orange">暂停 {r.suspended.includes('*') ? '整场' : r.suspended.length}</Tag>
          )}
          {r.corrected && <Tag color="red">{r.corrected === 'void' ? '已作废' : '已重算'}</Tag>}
        </Space>
      ),
    },
    {
      title: '操作',
      valueType: 'option',
      render: (_, r) => (
        <a
          onClick={() => setParams({ ...Object.fromEntries(params), match: String(r.id) })}
          data-testid={`match-${r.id}`}
        >
          管理
        </a>
      ),
    },
    dateRangeColumn<Row>('开赛日期'),
  ];
  const { data: reminders } = useQuery({
    queryKey: ['feed-corrections', 'pending'],
    queryFn: () => getPage('/admin/v1/sports/feed-corrections', { status: 'pending', page: 1, per_page: 1 }),
  });
  return (
    <PageContainer title="体育赛事">
      {reminders && reminders.total > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="feed-corrections-alert"
          message={
            <span>
              数据源在结算后更正了 {reminders.total} 场比赛的赛果，待处理：
              <Link to="/sports/feed-corrections?status=pending">赛果更正提醒</Link>
            </span>
          }
        />
      ) : null}
      <ServerTable
        path="/admin/v1/sports/matches"
        exportPath="/admin/v1/sports/matches/export"
        exportName="赛事"
        rowKey="id"
        columns={columns}
        actionRef={ref}
      />
      {open > 0 && (
        <MatchDrawer
          id={open}
          onClose={() => {
            const next = Object.fromEntries(params);
            delete next.match;
            setParams(next);
            void ref.current?.reload();
          }}
        />
      )}
    </PageContainer>
  );
}
