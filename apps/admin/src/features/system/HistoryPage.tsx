import { QuestionCircleOutlined } from '@ant-design/icons';
import { PageContainer, ProCard } from '@ant-design/pro-components';
import type { HistoryArchiveItem, HistoryPartitionItem, HistoryTableItem } from '@app/shared/backoffice';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Descriptions, Empty, Row, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { get } from '@/lib/api.ts';
import { count, fileSize } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { When } from '@/ui/When.tsx';

/** What each partitioned table holds, as the console names it. */
const TABLE_NAMES: Record<string, string> = {
  ledger_entries: '资金流水',
  lottery_bets: '彩票注单',
  orders: '竞彩注单',
  order_legs: '竞彩注单选项',
  payment_callbacks: '网关通知',
  messages: '站内信',
};
const tableName = (table: string) => TABLE_NAMES[table] ?? table;

/** A column title with a question mark that explains it. */
function hinted(title: string, hint: string) {
  return (
    <Tooltip title={hint}>
      <span>
        {title} <QuestionCircleOutlined style={{ color: 'rgba(0,0,0,0.45)' }} />
      </span>
    </Tooltip>
  );
}

/** A partition's row in 分区: a month, or the default partition (rows of months without one). */
interface PartitionRow extends HistoryPartitionItem {
  isDefault: boolean;
  /** The default partition's exact count; months show the planner's estimate. */
  exactRows?: number;
}

const partitionColumns: ColumnsType<PartitionRow> = [
  {
    title: '月份',
    dataIndex: 'month',
    render: (_, r) =>
      r.isDefault ? (
        <Space size={4}>
          默认分区
          {r.exactRows ? <Tag color="red">需运维处理</Tag> : null}
        </Space>
      ) : (
        <>
          {r.month}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {r.name}
          </Typography.Text>
        </>
      ),
  },
  {
    title: hinted('约行数', '月分区为统计信息估算值（ANALYZE 前为 0）；默认分区为精确行数'),
    dataIndex: 'approx_rows',
    align: 'right',
    render: (_, r) => count(r.isDefault ? (r.exactRows ?? 0) : r.approx_rows),
  },
  { title: '大小', dataIndex: 'bytes', align: 'right', render: (_, r) => fileSize(r.bytes) },
];

/** Newest month first, the default partition on top (it should stay empty). */
function partitionRows(t: HistoryTableItem): PartitionRow[] {
  const months = [...t.partitions].reverse().map((p) => ({ ...p, isDefault: false }));
  const d = t.default_partition;
  if (!d) return months;
  return [
    { name: d.name, month: '默认', approx_rows: d.rows, bytes: d.bytes, isDefault: true, exactRows: d.rows },
    ...months,
  ];
}

function PartitionTable({ table }: { table: HistoryTableItem }) {
  const warning = table.default_partition?.warning;
  return (
    <ProCard
      title={tableName(table.table)}
      subTitle={<Typography.Text code>{table.table}</Typography.Text>}
      extra={`${table.partitions.length} 个月分区`}
      bordered
      headerBordered
    >
      {warning ? <Alert type="error" showIcon message={warning} style={{ marginBottom: 12 }} /> : null}
      {table.default_partition === null ? (
        <Alert type="info" showIcon message="该表尚未按月分区" style={{ marginBottom: 12 }} />
      ) : null}
      <Table<PartitionRow>
        size="small"
        rowKey="name"
        columns={partitionColumns}
        dataSource={partitionRows(table)}
        rowClassName={(r) => (r.isDefault && r.exactRows ? 'history-default-rows' : '')}
        onRow={(r) => (r.isDefault && r.exactRows ? { style: { background: '#fff1f0' } } : {})}
        pagination={{ pageSize: 13, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </ProCard>
  );
}

const archiveColumns: ColumnsType<HistoryArchiveItem> = [
  {
    title: '表',
    dataIndex: 'table',
    render: (_, r) => (
      <>
        {tableName(r.table)}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {r.table}
        </Typography.Text>
      </>
    ),
  },
  { title: '月份', dataIndex: 'month' },
  { title: '行数', dataIndex: 'rows', align: 'right', render: (_, r) => count(r.rows) },
  {
    title: '金额合计(元)',
    dataIndex: 'amount_sum',
    align: 'right',
    render: (_, r) => <Money value={r.amount_sum} />,
  },
  {
    title: '文件',
    dataIndex: 'file',
    render: (_, r) => (
      <>
        <Typography.Text code>{r.file}</Typography.Text>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {fileSize(r.bytes)}
        </Typography.Text>
      </>
    ),
  },
  {
    title: hinted('SHA-256', '归档文件解压后内容的 SHA-256'),
    dataIndex: 'sha256',
    render: (_, r) => (
      <Typography.Text
        code
        copyable={{ text: r.sha256, tooltips: ['复制完整 SHA-256', '已复制'] }}
        title={r.sha256}
        data-testid={`sha256-${r.id}`}
      >
        {`${r.sha256.slice(0, 16)}…`}
      </Typography.Text>
    ),
  },
  { title: '归档时间', dataIndex: 'archived_at', render: (_, r) => <When iso={r.archived_at} /> },
  { title: '归档者', dataIndex: 'archived_by', render: (_, r) => r.archived_by },
];

/**
 * 系统 › 历史归档 (decision 042): history tables are partitioned by Beijing month; housekeeping
 * makes months ahead and, past HISTORY_RETENTION_YEARS, writes a month to a checked archive file
 * and drops it. This page only shows: the settings, each table's partitions (the default partition
 * red when it holds rows: operations must move them), the months still due and the catalogue.
 */
export default function HistoryPage() {
  const { data, error } = useQuery({ queryKey: ['history'], queryFn: () => get('/admin/v1/history') });
  if (error) return <Alert type="error" showIcon message={error.message} />;
  if (!data) return <Spin />;
  const { settings, past_retention: due } = data;
  return (
    <PageContainer
      title="历史归档"
      subTitle="历史数据按北京时间月份分区；超过保留期的月份写入校验过的归档文件后才从数据库删除，由定时任务执行"
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {due.length > 0 ? (
          <Alert
            type={settings.archive_dir ? 'info' : 'warning'}
            showIcon
            data-testid="history-due"
            message={
              settings.archive_dir
                ? `${due.length} 个月份已超过保留期，将在下次定时任务运行时归档`
                : `${due.length} 个月份已超过保留期，但未设置归档目录（HISTORY_ARCHIVE_DIR），仍留在数据库中`
            }
          />
        ) : null}
        <ProCard title="设置" bordered>
          <Descriptions column={2} size="small" bordered styles={{ label: { width: 180 } }}>
            <Descriptions.Item label="保留年限">
              {settings.retention_years} 年（月份结束后）
            </Descriptions.Item>
            <Descriptions.Item label="提前创建分区">
              {settings.partitions_ahead_months} 个月
            </Descriptions.Item>
            <Descriptions.Item label="归档目录">
              {settings.archive_dir ? (
                <Typography.Text code copyable>
                  {settings.archive_dir}
                </Typography.Text>
              ) : (
                <Typography.Text type="warning">未设置：超过保留期的月份不会离开数据库</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="超过保留期仍在库">
              {due.length === 0 ? (
                '无'
              ) : (
                <Space size={[4, 4]} wrap>
                  {due.map((p) => (
                    <Tag key={p.name} color="orange">
                      {tableName(p.table)} {p.month}
                    </Tag>
                  ))}
                </Space>
              )}
            </Descriptions.Item>
          </Descriptions>
        </ProCard>
        <ProCard title="分区" bordered>
          <Row gutter={[16, 16]}>
            {data.tables.map((t) => (
              <Col key={t.table} xs={24} xl={12} data-testid={`partitions-${t.table}`}>
                <PartitionTable table={t} />
              </Col>
            ))}
          </Row>
        </ProCard>
        <ProCard title="已归档" bordered extra={`${data.archives.length} 个文件`}>
          <Table<HistoryArchiveItem>
            size="small"
            rowKey="id"
            columns={archiveColumns}
            dataSource={data.archives}
            locale={{ emptyText: <Empty description="尚无归档" /> }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
          />
        </ProCard>
      </Space>
    </PageContainer>
  );
}
