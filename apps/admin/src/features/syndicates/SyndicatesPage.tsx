import {
  ModalForm,
  PageContainer,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { boostRateText, SYNDICATE_STATUSES } from '@app/shared';
import { adminSyndicateFailBody } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { useQuery } from '@tanstack/react-query';
import { App, DatePicker, Space, Table, Tabs, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { get, post, validate } from '@/lib/api.ts';
import { beijing, yuan } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { ServerTable } from '@/ui/ServerTable.tsx';

type Plan = BackofficeRow<'/admin/v1/syndicates'>;

const STATUS_COLORS: Record<Plan['status'], string> = {
  open: 'gold',
  placed: 'blue',
  won: 'red',
  lost: 'default',
  refunded: 'default',
  failed: 'default',
};

/** 强制流产 with a reason for the audit log: every share and the 保底 go back to their members. */
function FailPlan({ row, onDone }: { row: Plan; onDone: () => void }) {
  const { message } = App.useApp();
  return (
    <ModalForm<{ reason: string }>
      title={`强制流产：${row.plan_no}`}
      width={480}
      trigger={
        <a data-testid={`syndicate-fail-${row.id}`} style={{ color: '#cf1322' }}>
          流产
        </a>
      }
      modalProps={{ destroyOnHidden: true, okText: '确认流产', cancelText: '返回' }}
      onFinish={async (v) => {
        try {
          await post(
            '/admin/v1/syndicates/:id/fail',
            validate(adminSyndicateFailBody, { reason: v.reason }),
            {
              params: { id: row.id },
            },
          );
        } catch (e) {
          void message.error((e as Error).message);
          return false;
        }
        void message.success('方案已流产，认购金额已退回');
        onDone();
        return true;
      }}
    >
      <Typography.Paragraph>
        {row.participants} 人认购的 {row.sold_shares} 份（{yuan(row.total_amount)}{' '}
        元方案）与发起人的保底全部退回主钱包，并通知每位认购人。
      </Typography.Paragraph>
      <ProFormTextArea
        name="reason"
        label="流产原因（写入审计日志，并告知认购人）"
        fieldProps={{ maxLength: 200, showCount: true }}
        rules={[
          { required: true, message: '请填写流产原因' },
          { min: 2, message: '请填写流产原因' },
        ]}
      />
    </ModalForm>
  );
}

function columns(reload: () => void): ProColumns<Plan>[] {
  return [
    { title: '方案号', dataIndex: 'plan_no', search: false, copyable: true },
    {
      title: '发起人',
      dataIndex: 'username',
      render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.username}</Link>,
    },
    { title: '过关', dataIndex: 'pass_type', search: false },
    {
      title: '方案金额',
      dataIndex: 'total_amount',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.total_amount} />,
    },
    {
      title: '认购/份数',
      dataIndex: 'sold_shares',
      search: false,
      align: 'right',
      render: (_, r) =>
        `${r.sold_shares}/${r.shares}${r.guarantee_shares > 0 ? ` 保底${r.guarantee_shares}` : ''}`,
    },
    { title: '人数', dataIndex: 'participants', search: false, align: 'right' },
    {
      title: '佣金',
      dataIndex: 'commission_bp',
      search: false,
      align: 'right',
      render: (_, r) => boostRateText(r.commission_bp),
    },
    { title: '保密', dataIndex: 'visibility', search: false },
    {
      title: '状态',
      dataIndex: 'status',
      valueEnum: Object.fromEntries(Object.entries(SYNDICATE_STATUSES).map(([k, v]) => [k, { text: v }])),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Tag color={STATUS_COLORS[r.status]}>{SYNDICATE_STATUSES[r.status]}</Tag>
          {r.fail_reason ? <Typography.Text type="secondary">{r.fail_reason}</Typography.Text> : null}
        </Space>
      ),
    },
    { title: '注单号', dataIndex: 'order_no', search: false, render: (_, r) => r.order_no ?? '-' },
    {
      title: '奖金/佣金',
      dataIndex: 'payout',
      search: false,
      align: 'right',
      render: (_, r) => (
        <>
          <Money value={r.payout} /> / <Money value={r.commission} />
        </>
      ),
    },
    { title: '截止', dataIndex: 'deadline_at', search: false, render: (_, r) => beijing(r.deadline_at) },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 70,
      render: (_, r) => (r.status === 'open' ? <FailPlan row={r} onDone={reload} /> : '-'),
    },
  ];
}

/** 佣金报表: initiators' commission on plans won and settled between two Beijing dates. */
function CommissionReport() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const report = useQuery({
    queryKey: ['syndicate-commissions', from, to],
    queryFn: () => get('/admin/v1/syndicates/commissions', { from, to }),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
        />
        <Typography.Text data-testid="syndicate-commission-total">
          佣金合计 <Money value={report.data?.total ?? '0.00'} /> 元
        </Typography.Text>
      </Space>
      <Table
        rowKey="member_id"
        size="small"
        loading={report.isPending}
        dataSource={report.data?.list ?? []}
        pagination={false}
        columns={[
          {
            title: '发起人',
            dataIndex: 'username',
            render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.username}</Link>,
          },
          { title: '中奖方案', dataIndex: 'plans_won', align: 'right' },
          {
            title: '方案奖金',
            dataIndex: 'payout',
            align: 'right',
            render: (_, r) => <Money value={r.payout} />,
          },
          {
            title: '佣金',
            dataIndex: 'commission',
            align: 'right',
            render: (_, r) => <Money value={r.commission} />,
          },
        ]}
      />
    </Space>
  );
}

/** 合买: every plan with its progress, 保底, result and commission; a forced 流产; the commission report. */
export function SyndicatesPage() {
  const action = useRef<ActionType>(undefined);
  const reload = () => void action.current?.reload();
  return (
    <PageContainer title="合买方案">
      <Tabs
        items={[
          {
            key: 'plans',
            label: '方案',
            children: (
              <ServerTable
                path="/admin/v1/syndicates"
                exportPath="/admin/v1/syndicates/export"
                exportName="合买方案"
                rowKey="id"
                actionRef={action}
                columns={columns(reload)}
                headerTitle="满员或截止时出票（不足由保底补足，仍不足则流产退款）；中奖后发起人从盈利中提取佣金，其余按份数分配"
              />
            ),
          },
          { key: 'commissions', label: '佣金报表', children: <CommissionReport /> },
        ]}
      />
    </PageContainer>
  );
}
