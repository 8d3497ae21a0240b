import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { SUPPORT_CONVERSATION_STATUSES, type SupportMessageView } from '@app/shared';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Rate, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { get } from '@/lib/api.ts';
import { beijing } from '@/lib/format.ts';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';
import './support.css';

type Row = BackofficeRow<'/admin/v1/support/conversations'>;

/** A closed (or open) conversation read whole: every message, oldest first. */
function Transcript({ id }: { id: number }) {
  const transcript = useQuery({
    queryKey: ['support', 'transcript', id],
    queryFn: async () => {
      const all: SupportMessageView[] = [];
      let before: number | undefined;
      for (let i = 0; i < 20; i++) {
        const page = await get('/admin/v1/support/conversations/:id/messages', {
          id,
          limit: 50,
          before_id: before,
        });
        all.unshift(...page.list);
        if (!page.has_more || page.list.length === 0) break;
        before = page.list[0]!.id;
      }
      return all;
    },
  });
  if (!transcript.data) return <Spin />;
  return (
    <div data-testid="support-transcript">
      {transcript.data.map((m) => (
        <div key={m.id} className="desk-transcript-line">
          <Typography.Text type="secondary">
            {beijing(m.created_at)}{' '}
            {m.sender === 'member' ? '会员' : m.sender === 'operator' ? (m.operator_name ?? '客服') : '系统'}
            ：
          </Typography.Text>
          <span>{m.kind === 'picture' ? '[图片]' : m.text}</span>
        </div>
      ))}
    </div>
  );
}

/** 在线客服 › 会话记录: every conversation, found by member, words, status and date. */
export function SupportHistoryPage() {
  const [open, setOpen] = useState<Row | null>(null);
  const columns: ProColumns<Row>[] = [
    { title: '会话', dataIndex: 'id', search: false, width: 70 },
    {
      title: '会员',
      dataIndex: 'username',
      render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.username}</Link>,
    },
    { title: '消息内容', dataIndex: 'q', hideInTable: true },
    {
      title: '状态',
      dataIndex: 'status',
      valueEnum: Object.fromEntries(
        Object.entries(SUPPORT_CONVERSATION_STATUSES).map(([k, v]) => [k, { text: v }]),
      ),
      render: (_, r) => (
        <>
          <Tag>{SUPPORT_CONVERSATION_STATUSES[r.status]}</Tag>
          {r.ticket ? <Tag color="purple">留言</Tag> : null}
        </>
      ),
    },
    {
      title: '接待客服',
      dataIndex: 'operator_name',
      search: false,
      render: (_, r) => r.operator_name ?? '-',
    },
    { title: '最后消息', dataIndex: 'last_preview', search: false, ellipsis: true, width: 220 },
    {
      title: '评分',
      dataIndex: 'rating',
      search: false,
      render: (_, r) => (r.rating ? <Rate disabled value={r.rating} style={{ fontSize: 14 }} /> : '-'),
    },
    { title: '开始时间', dataIndex: 'created_at', search: false, render: (_, r) => beijing(r.created_at) },
    { title: '结束时间', dataIndex: 'closed_at', search: false, render: (_, r) => beijing(r.closed_at) },
    dateRangeColumn<Row>('开始日期'),
    {
      title: '操作',
      valueType: 'option',
      render: (_, r) => [
        <a key="view" onClick={() => setOpen(r)} data-testid={`support-view-${r.id}`}>
          查看记录
        </a>,
      ],
    },
  ];
  return (
    <PageContainer title="会话记录" subTitle="所有会话永久保留，可按会员、消息内容、状态与日期查询">
      <ServerTable path="/admin/v1/support/conversations" rowKey="id" columns={columns} />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={560}
        title={open ? `会话 #${open.id} · ${open.username}` : ''}
        destroyOnHidden
      >
        {open ? <Transcript id={open.id} /> : null}
      </Drawer>
    </PageContainer>
  );
}
