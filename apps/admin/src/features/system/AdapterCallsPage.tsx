import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { ADAPTER_CALL_ADAPTERS, ADAPTER_CALL_OUTCOMES } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Descriptions, Drawer, Tag, Typography } from 'antd';
import { useState } from 'react';
import { beijing } from '@/lib/format.ts';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';

type Row = BackofficeRow<'/admin/v1/adapter-calls'>;

const valueEnum = (labels: Record<string, string>) =>
  Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, { text: v }]));

/** Green when answered, orange when the provider refused or garbled it, red when no answer came. */
function outcomeColor(outcome: string): string {
  if (outcome === 'ok') return 'green';
  if (outcome === 'refused' || outcome === 'invalid') return 'orange';
  return 'red';
}

const columns: ProColumns<Row>[] = [
  {
    title: '时间',
    dataIndex: 'created_at',
    search: false,
    width: 170,
    render: (_, r) => beijing(r.created_at),
  },
  {
    title: '外部系统',
    dataIndex: 'adapter',
    valueEnum: valueEnum(ADAPTER_CALL_ADAPTERS),
    width: 110,
    render: (_, r) => r.adapter_name,
  },
  {
    title: '操作',
    dataIndex: 'operation',
    fieldProps: { placeholder: '如 order、query:order' },
    render: (_, r) => <Typography.Text code>{r.operation}</Typography.Text>,
  },
  { title: '方法', dataIndex: 'method', search: false, width: 70 },
  {
    title: '地址',
    dataIndex: 'url',
    search: false,
    ellipsis: true,
    render: (_, r) => <span title={r.url}>{r.url}</span>,
  },
  { title: '状态码', dataIndex: 'status', search: false, width: 80, render: (_, r) => r.status ?? '—' },
  {
    title: '结果',
    dataIndex: 'outcome',
    valueEnum: valueEnum(ADAPTER_CALL_OUTCOMES),
    width: 120,
    render: (_, r) => <Tag color={outcomeColor(r.outcome)}>{r.outcome_text}</Tag>,
  },
  {
    title: '第几次',
    dataIndex: 'attempt',
    search: false,
    width: 80,
    tooltip: '同一请求失败后紧接着再发的第几次（1 为首次）',
    render: (_, r) => (r.attempt > 1 ? <Tag color="gold">第 {r.attempt} 次</Tag> : '1'),
  },
  { title: '耗时(ms)', dataIndex: 'duration_ms', search: false, width: 90, align: 'right' },
  dateRangeColumn<Row>('调用日期'),
];

function Block({ text, testId }: { text: string | null; testId: string }) {
  if (text === null || text === '') return <Typography.Text type="secondary">（无）</Typography.Text>;
  return (
    <pre
      data-testid={testId}
      style={{ margin: 0, maxHeight: 360, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
    >
      {text}
    </pre>
  );
}

/** One call: where it went, what was sent and what came back (secrets masked by the server). */
function CallDetail({ row }: { row: Row }) {
  return (
    <Descriptions column={1} bordered size="small" labelStyle={{ width: 96 }}>
      <Descriptions.Item label="时间">{beijing(row.created_at)}</Descriptions.Item>
      <Descriptions.Item label="外部系统">
        {row.adapter_name} · <Typography.Text code>{row.operation}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="请求">
        <Typography.Text code>{row.method}</Typography.Text>{' '}
        <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
          {row.url}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="请求内容">
        <Block text={row.request} testId="call-request" />
      </Descriptions.Item>
      <Descriptions.Item label="结果">
        <Tag color={outcomeColor(row.outcome)}>{row.outcome_text}</Tag>
        {row.status !== null ? `HTTP ${row.status}` : '无应答'} · {row.duration_ms} ms · 第 {row.attempt} 次
      </Descriptions.Item>
      <Descriptions.Item label="应答">
        <Block text={row.answer} testId="call-answer" />
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * 系统 › 外部调用: every HTTP call the adapters made to their providers (易支付, 竞彩数据,
 * TronGrid, 阿里云短信), newest first, each try on its own row; a row opens to what was sent and
 * what came back. Kept ADAPTER_CALL_RETENTION_DAYS (7 by default).
 */
export default function AdapterCallsPage() {
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <PageContainer
      title="外部调用"
      subTitle="支付网关、竞彩数据、TronGrid 与短信服务的每次 HTTP 调用（含重试）；密钥、签名、验证码与手机号已遮蔽，保留 7 天"
    >
      <ServerTable
        path="/admin/v1/adapter-calls"
        exportPath="/admin/v1/adapter-calls/export"
        exportName="外部调用"
        rowKey="id"
        columns={columns}
        onRowClick={(row) => setOpen(row)}
      />
      <Drawer title="调用详情" width={640} open={open !== null} onClose={() => setOpen(null)} destroyOnHidden>
        {open ? <CallDetail row={open} /> : null}
      </Drawer>
    </PageContainer>
  );
}
