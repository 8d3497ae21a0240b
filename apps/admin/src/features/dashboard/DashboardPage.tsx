import { PageContainer, ProCard, StatisticCard } from '@ant-design/pro-components';
import type { PendingCounts } from '@app/shared/backoffice';
import { useQuery } from '@tanstack/react-query';
import { Badge, Segmented, Space } from 'antd';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '@/app/auth.tsx';
import { usePending } from '@/app/pending.ts';
import { get } from '@/lib/api.ts';
import { count, yuan } from '@/lib/format.ts';
import { Chart, type ChartOption } from '@/ui/Chart.tsx';
import { IntegrityAlert } from './IntegrityAlert.tsx';

const num = (s: string) => Number(s);
/** A card's figure and its unit on one line (1,500.00 元, never 元 alone below). */
const FIGURE = { whiteSpace: 'nowrap', fontSize: 22 } as const;

const QUEUES: Array<{ key: keyof PendingCounts; title: string; path: string }> = [
  { key: 'approvals', title: '复核中心', path: '/approvals?status=pending' },
  { key: 'deposits', title: '待确认充值', path: '/finance/deposits?status=confirming' },
  { key: 'withdrawals_review', title: '待审核提现', path: '/finance/withdrawals?status=pending' },
  { key: 'withdrawals_pay', title: '待出款', path: '/finance/withdrawals?status=approved' },
  { key: 'activity_applications', title: '活动申请', path: '/content/activities?tab=applications' },
  { key: 'agent_applications', title: '代理申请', path: '/agents/applications?status=pending' },
  { key: 'adjustments', title: '待复核调整', path: '/adjustments?status=pending' },
];

/** Today's business and the last days by product, online members, and the live work queues. */
export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const days = Number(params.get('days') ?? 14);
  const { data } = useQuery({
    queryKey: ['dashboard', days],
    queryFn: () => get('/admin/v1/dashboard', { days }),
    refetchInterval: 60_000,
  });
  const live = usePending();
  const pending = live ?? data?.pending;
  const { can } = useAuth();

  const trend = useMemo<ChartOption>(() => {
    const rows = data?.days ?? [];
    return {
      tooltip: { trigger: 'axis' },
      legend: { data: ['充值', '提现', '投注', '派奖', 'GGR'] },
      grid: { left: 60, right: 24, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: rows.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', name: '元' },
      series: [
        { name: '充值', type: 'bar', data: rows.map((d) => num(d.deposits)) },
        { name: '提现', type: 'bar', data: rows.map((d) => num(d.withdrawals)) },
        { name: '投注', type: 'line', data: rows.map((d) => num(d.stakes.total)) },
        { name: '派奖', type: 'line', data: rows.map((d) => num(d.payouts.total)) },
        { name: 'GGR', type: 'line', data: rows.map((d) => num(d.ggr.total)), lineStyle: { width: 3 } },
      ],
    };
  }, [data]);
  const products = useMemo<ChartOption>(() => {
    const rows = data?.days ?? [];
    return {
      tooltip: { trigger: 'axis' },
      legend: { data: ['体育', '彩票', '电子游戏'] },
      grid: { left: 60, right: 24, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: rows.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', name: 'GGR 元' },
      series: (['sports', 'lottery', 'games'] as const).map((k, i) => ({
        name: ['体育', '彩票', '电子游戏'][i],
        type: 'bar',
        stack: 'ggr',
        data: rows.map((d) => num(d.ggr[k])),
      })),
    };
  }, [data]);

  const t = data?.today;
  return (
    <PageContainer
      title="概览"
      subTitle="北京时间；GGR = 投注 − 派奖"
      extra={
        <Segmented
          value={days}
          options={[
            { label: '7天', value: 7 },
            { label: '14天', value: 14 },
            { label: '30天', value: 30 },
          ]}
          onChange={(v) => setParams({ days: String(v) })}
        />
      }
    >
      <IntegrityAlert integrity={data?.integrity} />
      <ProCard title="待办" bordered style={{ marginBottom: 16 }} data-testid="dashboard-queues">
        <Space size={32} wrap>
          {QUEUES.map((q) => (
            <Link key={q.key} to={q.path} data-testid={`queue-${q.key}`}>
              <Badge
                count={pending?.[q.key] ?? 0}
                showZero
                overflowCount={999}
                color={(pending?.[q.key] ?? 0) > 0 ? 'red' : '#bbb'}
              >
                <span style={{ paddingRight: 16, fontSize: 15 }}>{q.title}</span>
              </Badge>
            </Link>
          ))}
        </Space>
      </ProCard>
      <div data-testid="dashboard-today" style={{ marginBottom: 16 }}>
        {/* Two rows, so each figure has room for its 元 on its own line at 1440 px. */}
        <StatisticCard.Group direction="row" bordered>
          {(
            [
              ['今日充值', t?.deposits],
              ['今日提现', t?.withdrawals],
              ['今日投注', t?.stakes.total],
              ['今日派奖', t?.payouts.total],
              ['今日 GGR', t?.ggr.total],
            ] as const
          ).map(([title, value]) => (
            <StatisticCard
              key={title}
              statistic={{ title, value: yuan(value), suffix: '元', valueStyle: FIGURE }}
            />
          ))}
        </StatisticCard.Group>
        <StatisticCard.Group direction="row" bordered style={{ marginTop: 8 }}>
          <StatisticCard
            statistic={{ title: '今日彩金', value: yuan(t?.bonuses), suffix: '元', valueStyle: FIGURE }}
          />
          <StatisticCard
            statistic={{ title: '今日返水', value: yuan(t?.rebates), suffix: '元', valueStyle: FIGURE }}
          />
          <StatisticCard
            statistic={{
              title: '新增 / 活跃会员',
              value: t ? `${count(t.new_members)} / ${count(t.active_members)}` : '-',
              valueStyle: FIGURE,
            }}
          />
          <StatisticCard
            statistic={{ title: '当前在线', value: data ? count(data.online_now) : '-', valueStyle: FIGURE }}
          />
        </StatisticCard.Group>
      </div>
      <ProCard split="vertical" bordered>
        <ProCard title="每日资金与投注" colSpan="58%">
          <Chart option={trend} />
        </ProCard>
        <ProCard title="各产品 GGR">
          <Chart option={products} />
        </ProCard>
      </ProCard>
      {t && can('reports') && (
        <ProCard title="今日分产品" bordered style={{ marginTop: 16 }}>
          <table className="jc-mini-table">
            <thead>
              <tr>
                <th>产品</th>
                <th>投注</th>
                <th>派奖</th>
                <th>GGR</th>
              </tr>
            </thead>
            <tbody>
              {(['sports', 'lottery', 'games'] as const).map((k, i) => (
                <tr key={k}>
                  <td>{['体育', '彩票', '电子游戏'][i]}</td>
                  <td>{yuan(t.stakes[k])}</td>
                  <td>{yuan(t.payouts[k])}</td>
                  <td>{yuan(t.ggr[k])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ProCard>
      )}
    </PageContainer>
  );
}
