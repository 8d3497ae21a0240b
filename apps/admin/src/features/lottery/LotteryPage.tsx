import {
  ModalForm,
  PageContainer,
  ProFormDigit,
  ProFormSwitch,
  ProFormTextArea,
  type ProColumns,
} from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Space, Table, Tag, Typography } from 'antd';
import { lotteryGameBody } from '@app/shared/backoffice';
import type { BackofficeResponse, BackofficeRow } from '@app/shared/backoffice-api';
import { get, put, validate } from '@/lib/api.ts';
import { beijing, count } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { ServerTable } from '@/ui/ServerTable.tsx';

type Game = BackofficeResponse<'GET', '/admin/v1/lottery/games'>['list'][number];
type Period = BackofficeRow<'/admin/v1/lottery/periods'>;

const PERIOD_STATUS = {
  pending: { text: '未开盘' },
  open: { text: '销售中' },
  closed: { text: '已封盘' },
  drawn: { text: '已开奖' },
  cancelled: { text: '已取消' },
  overdue: { text: '逾期未开奖' },
  unsettled: { text: '未结算完' },
};
const STATUS_COLOR: Record<string, string> = {
  open: 'green',
  closed: 'orange',
  drawing: 'orange',
  drawn: 'blue',
  cancelled: 'red',
};

function GameForm({ game }: { game: Game }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <ModalForm<{ enabled: boolean; sort: number; close_seconds: number; reason: string }>
      title={`设置 ${game.name}`}
      width={480}
      trigger={<a data-testid={`edit-${game.code}`}>设置</a>}
      initialValues={{ enabled: game.enabled, sort: game.sort, close_seconds: game.close_seconds }}
      modalProps={{ destroyOnHidden: true }}
      onFinish={async (v) => {
        try {
          const body = validate(lotteryGameBody, {
            reason: v.reason,
            ...(v.enabled !== game.enabled ? { enabled: v.enabled } : {}),
            ...(v.sort !== game.sort ? { sort: v.sort } : {}),
            ...(v.close_seconds !== game.close_seconds
              ? { close_seconds: v.close_seconds === game.default_close_seconds ? null : v.close_seconds }
              : {}),
          });
          await put('/admin/v1/lottery/games/:code', body, { params: { code: game.code } });
          void message.success('已保存');
          void queryClient.invalidateQueries({ queryKey: ['lottery-games'] });
          return true;
        } catch (e) {
          void message.error((e as Error).message);
          return false;
        }
      }}
    >
      <ProFormSwitch name="enabled" label="开售" checkedChildren="开售" unCheckedChildren="停售" />
      <ProFormDigit name="sort" label="排序（小的在前）" min={0} max={10_000} fieldProps={{ precision: 0 }} />
      <ProFormDigit
        name="close_seconds"
        label="封盘秒数（开奖前停止投注）"
        min={0}
        max={game.max_close_seconds}
        fieldProps={{ precision: 0 }}
        extra={`默认 ${game.default_close_seconds} 秒，最多 ${game.max_close_seconds} 秒。已排定的期号（其时间已随承诺哈希公布）不变，之后新建的期号按新设置封盘。`}
      />
      <ProFormTextArea name="reason" label="原因" rules={[{ required: true, message: '请填写原因' }]} />
    </ModalForm>
  );
}

function Games() {
  const { data, isLoading } = useQuery({
    queryKey: ['lottery-games'],
    queryFn: () => get('/admin/v1/lottery/games'),
    refetchInterval: 10_000,
  });
  return (
    <Card size="small">
      <Table<Game>
        size="small"
        rowKey="code"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={false}
        columns={[
          { title: '排序', dataIndex: 'sort', width: 60 },
          { title: '彩种', dataIndex: 'name', render: (v: string, g) => `${v}（${g.code}）` },
          { title: '类型', dataIndex: 'family_name' },
          { title: '开奖', dataIndex: 'schedule_text' },
          {
            title: '封盘',
            dataIndex: 'close_seconds',
            render: (v: number, g) => (
              <Space size={4}>
                {v} 秒{v !== g.default_close_seconds && <Tag color="gold">已调整</Tag>}
              </Space>
            ),
          },
          {
            title: '状态',
            dataIndex: 'enabled',
            render: (v: boolean) => (v ? <Tag color="green">开售</Tag> : <Tag color="red">停售</Tag>),
          },
          { title: '当前期号', dataIndex: 'current_period', render: (v: string | null) => v ?? '-' },
          { title: '未结注数', dataIndex: 'pending_bets', align: 'right', render: (v: number) => count(v) },
          {
            title: '未结金额',
            dataIndex: 'pending_stake',
            align: 'right',
            render: (v: string) => <Money value={v} />,
          },
          { title: '操作', key: 'op', render: (_, g) => <GameForm game={g} /> },
        ]}
      />
    </Card>
  );
}

function Periods() {
  const games = useQuery({
    queryKey: ['lottery-games'],
    queryFn: () => get('/admin/v1/lottery/games'),
  });
  const columns: ProColumns<Period>[] = [
    {
      title: '彩种',
      dataIndex: 'code',
      valueType: 'select',
      fieldProps: { options: (games.data?.list ?? []).map((g) => ({ label: g.name, value: g.code })) },
      render: (_, r) => r.name,
    },
    { title: '期号', dataIndex: 'number' },
    {
      title: '状态',
      dataIndex: 'status',
      valueEnum: PERIOD_STATUS,
      render: (_, r) => (
        <Space size={2}>
          <Tag color={STATUS_COLOR[r.status]}>{r.status_text}</Tag>
          {r.overdue && <Tag color="red">逾期未开奖</Tag>}
        </Space>
      ),
    },
    { title: '封盘', dataIndex: 'close_at', search: false, render: (_, r) => beijing(r.close_at) },
    { title: '开奖时间', dataIndex: 'draw_at', search: false, render: (_, r) => beijing(r.draw_at) },
    {
      title: '承诺哈希',
      dataIndex: 'commitment',
      search: false,
      render: (_, r) => (
        <Typography.Text copyable={{ text: r.commitment }} code style={{ fontSize: 12 }}>
          {r.commitment.slice(0, 16)}…
        </Typography.Text>
      ),
    },
    {
      title: '种子（开奖后公开）',
      dataIndex: 'seed',
      search: false,
      render: (_, r) =>
        r.seed ? (
          <Typography.Text copyable={{ text: r.seed }} code style={{ fontSize: 12 }}>
            {r.seed.slice(0, 16)}…
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">未公开</Typography.Text>
        ),
    },
    { title: '开奖号码', dataIndex: 'open_code', search: false, render: (_, r) => r.open_code ?? '-' },
    { title: '注数', dataIndex: 'bets', search: false, align: 'right' },
    {
      title: '投注额',
      dataIndex: 'stake',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.stake} />,
    },
    {
      title: '派奖',
      dataIndex: 'payout',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.payout} />,
    },
    {
      title: '结算',
      dataIndex: 'settled_at',
      search: false,
      render: (_, r) =>
        r.settled_at ? beijing(r.settled_at) : r.pending_bets > 0 ? `待结 ${r.pending_bets} 注` : '-',
    },
    {
      title: '说明',
      key: 'note',
      search: false,
      render: (_, r) =>
        r.cancel_reason ? (
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240 }} title={r.cancel_reason}>
            {r.cancel_reason}
          </Typography.Text>
        ) : r.overdue ? (
          <Typography.Text type="warning" data-testid={`overdue-${r.id}`}>
            系统每秒重试开奖；无法验证则自动取消并全额退款
          </Typography.Text>
        ) : null,
    },
  ];
  return (
    <ServerTable
      path="/admin/v1/lottery/periods"
      exportPath="/admin/v1/lottery/periods/export"
      exportName="彩票期号"
      rowKey="id"
      columns={columns}
      headerTitle="开奖号码只由开盘前承诺的种子推导，后台无法设置、修改或取消"
    />
  );
}

/** Lottery games: sale switch, order and 封盘 seconds, with what is staked on them. */
export function LotteryGamesPage() {
  return (
    <PageContainer title="彩种管理">
      <Games />
    </PageContainer>
  );
}

/**
 * Periods with commitment, revealed seed, open code and settlement, read only: a failed draw is
 * cancelled and refunded by the scheduler itself, never by an operator.
 */
export function LotteryPeriodsPage() {
  return (
    <PageContainer title="期号与开奖">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="lottery-draw-note"
        message="开奖由系统按时自动进行，后台没有取消期号的操作"
        description="逾期未开奖的期号由系统自动重试；开奖数据无法验证（开奖失败）的期号由系统自动取消，本期全部投注全额退回彩票钱包，并通知会员。"
      />
      <Periods />
    </PageContainer>
  );
}
