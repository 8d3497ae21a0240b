import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Money } from '@/ui/Money.tsx';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';

type Row = BackofficeRow<'/admin/v1/reports/daily'>;
const money = (title: string, key: keyof Row): ProColumns<Row> => ({
  title,
  dataIndex: key,
  search: false,
  align: 'right',
  render: (_, r) => <Money value={r[key] as string} />,
});

const columns: ProColumns<Row>[] = [
  { title: '日期', dataIndex: 'day', search: false, fixed: 'left' },
  money('充值', 'deposits'),
  money('提现', 'withdrawals'),
  money('体育投注', 'sports_stakes'),
  money('体育派奖', 'sports_payouts'),
  money('彩票投注', 'lottery_stakes'),
  money('彩票派奖', 'lottery_payouts'),
  money('电子投注', 'games_stakes'),
  money('电子派奖', 'games_payouts'),
  money('GGR', 'ggr'),
  money('彩金', 'bonuses'),
  money('返水', 'rebates'),
  { title: '新增', dataIndex: 'new_members', search: false },
  { title: '活跃', dataIndex: 'active_members', search: false },
  { title: '代理（账号或ID）', dataIndex: 'agent', hideInTable: true },
  dateRangeColumn<Row>(),
];

/** Reports by day and product, optionally for one agent's members; CSV export of the same range. */
export default function ReportsPage() {
  return (
    <PageContainer title="日报表" subTitle="北京时间按日汇总；GGR = 投注 − 派奖（含结算更正）">
      <ServerTable
        path="/admin/v1/reports/daily"
        exportPath="/admin/v1/reports/daily/export"
        exportName="日报表"
        rowKey="day"
        columns={columns}
      />
    </PageContainer>
  );
}
