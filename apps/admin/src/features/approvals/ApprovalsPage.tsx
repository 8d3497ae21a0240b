import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import {
  CONTROL_CHANGE_KINDS,
  CONTROL_CHANGE_STATUSES,
  type ControlChangeItem,
  type ControlChangeStatusKey,
} from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Alert, App, Descriptions, Drawer, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/app/auth.tsx';
import { usePending } from '@/app/pending.ts';
import { get } from '@/lib/api.ts';
import { beijing } from '@/lib/format.ts';
import { ServerTable } from '@/ui/ServerTable.tsx';
import { ChangeDiff } from './ChangeDiff.tsx';
import { DecisionActions, permissionName } from './DecisionActions.tsx';
import { OneTimePasswordModal, type OneTimePassword } from './OneTimePasswordModal.tsx';

type Row = BackofficeRow<'/admin/v1/control-changes'>;

const STATUS_COLOR: Record<ControlChangeStatusKey, string> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'default',
  failed: 'red',
};

const enumOf = (o: Record<string, string>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, { text: v }]));

function StatusTag({ change }: { change: ControlChangeItem }) {
  return <Tag color={STATUS_COLOR[change.status]}>{change.status_text}</Tag>;
}

/** One change in full: who asked what and why, before → after, and who decided. */
function ChangeDrawer({
  change,
  onClose,
  onDecided,
  onPassword,
}: {
  change: ControlChangeItem | null;
  onClose: () => void;
  onDecided: (c?: ControlChangeItem) => void;
  onPassword: (v: OneTimePassword) => void;
}) {
  return (
    <Drawer
      open={!!change}
      onClose={onClose}
      width={720}
      title={change ? `复核事项 #${change.id}` : ''}
      destroyOnHidden
      extra={
        change && <DecisionActions change={change} onDecided={onDecided} onPassword={onPassword} buttons />
      }
    >
      {change && (
        <div data-testid="change-detail">
          <Descriptions column={2} size="small" bordered style={{ marginBottom: 24 }}>
            <Descriptions.Item label="类型" span={2}>
              {change.kind_text}
            </Descriptions.Item>
            <Descriptions.Item label="内容" span={2}>
              <Typography.Text strong>{change.summary}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <StatusTag change={change} />
            </Descriptions.Item>
            <Descriptions.Item label="复核所需权限">{permissionName(change.permission)}</Descriptions.Item>
            <Descriptions.Item label="发起人">{change.maker_name}</Descriptions.Item>
            <Descriptions.Item label="发起时间">{beijing(change.created_at)}</Descriptions.Item>
            <Descriptions.Item label="发起原因" span={2}>
              {change.maker_reason || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="复核人">{change.checker_name ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="处理时间">{beijing(change.decided_at)}</Descriptions.Item>
            <Descriptions.Item label="复核意见" span={2}>
              {change.checker_reason || '-'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>变更内容（修改前 → 修改后）</Typography.Title>
          <ChangeDiff before={change.before} after={change.after} targetType={change.target_type} />
        </div>
      )}
    </Drawer>
  );
}

/**
 * 复核中心: what one operator proposed and another must approve (a loosened money control, money
 * beyond one operator's allowance, an operator account). Every role sees the queue; approving needs
 * the change's own permission, and never one's own change.
 */
export default function ApprovalsPage() {
  const { message } = App.useApp();
  const { can } = useAuth();
  const pending = usePending();
  const ref = useRef<ActionType>(undefined);
  const location = useLocation();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<ControlChangeItem | null>(null);
  const [password, setPassword] = useState<OneTimePassword | null>(null);

  // A 待复核 #id tag elsewhere links here with the change to open.
  const openId = (location.state as { open?: number } | null)?.open;
  useEffect(() => {
    if (!openId) return;
    get('/admin/v1/control-changes/:id', { id: openId })
      .then(setDetail)
      .catch((e: unknown) => void message.error(e instanceof Error ? e.message : '加载失败'));
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [openId, location.pathname, location.search, message, navigate]);

  // Another operator proposed or decided something: the list follows the live count.
  const waiting = pending?.approvals;
  const seen = useRef(waiting);
  useEffect(() => {
    if (waiting === seen.current) return;
    seen.current = waiting;
    void ref.current?.reload();
  }, [waiting]);

  const decided = (c?: ControlChangeItem) => {
    void ref.current?.reload();
    if (c) setDetail((open) => (open?.id === c.id ? c : open));
    else if (detail)
      get('/admin/v1/control-changes/:id', { id: detail.id })
        .then(setDetail)
        .catch(() => setDetail(null));
  };
  const columns: ProColumns<Row>[] = [
    { title: '#', dataIndex: 'id', search: false, width: 56 },
    {
      title: '类型',
      dataIndex: 'kind',
      valueEnum: enumOf(CONTROL_CHANGE_KINDS),
      width: 150,
      fieldProps: { style: { minWidth: 240 } },
      render: (_, r) => <Tag style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>{r.kind_text}</Tag>,
    },
    {
      title: '内容',
      dataIndex: 'summary',
      search: false,
      width: 250,
      render: (_, r) => (
        <a onClick={() => setDetail(r)} data-testid={`change-summary-${r.id}`}>
          {r.summary}
        </a>
      ),
    },
    { title: '发起人', dataIndex: 'maker_name', search: false, width: 96 },
    {
      title: '发起原因',
      dataIndex: 'maker_reason',
      search: false,
      ellipsis: true,
      width: 120,
      render: (_, r) => r.maker_reason || '-',
    },
    {
      title: '时间',
      dataIndex: 'created_at',
      search: false,
      width: 100,
      // Date above time: the row stays narrow enough for 1440 px without scrolling.
      render: (_, r) => {
        const [day, time] = beijing(r.created_at).split(' ');
        return (
          <span style={{ whiteSpace: 'nowrap' }}>
            {day}
            <br />
            {time}
          </span>
        );
      },
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueEnum: enumOf(CONTROL_CHANGE_STATUSES),
      initialValue: 'pending',
      width: 84,
      render: (_, r) => <StatusTag change={r} />,
    },
    {
      title: '复核人',
      dataIndex: 'checker_name',
      search: false,
      width: 110,
      render: (_, r) =>
        r.checker_name || r.checker_reason ? (
          <span>
            {r.checker_name ?? '-'}
            {r.checker_reason && (
              <Typography.Text type="secondary" style={{ display: 'block', maxWidth: 110 }} ellipsis>
                {r.checker_reason}
              </Typography.Text>
            )}
          </span>
        ) : (
          '-'
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 170,
      render: (_, r) => (
        <DecisionActions
          change={r}
          onDecided={decided}
          onPassword={setPassword}
          lead={
            <a onClick={() => setDetail(r)} data-testid={`change-detail-${r.id}`}>
              详情
            </a>
          }
        />
      ),
    },
  ];

  return (
    <PageContainer
      title="复核中心"
      subTitle="放宽资金控制、超出单人审批额度的资金操作、管理账号变更，须由发起人以外、具有相应权限的管理员复核后生效"
    >
      {can('members.adjust') && (pending?.adjustments ?? 0) > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={
            <span>
              另有 {pending?.adjustments} 笔人工调整待复核，请在
              <Link to="/adjustments?status=pending">「人工调整」</Link>处理。
            </span>
          }
        />
      )}
      <ServerTable
        path="/admin/v1/control-changes"
        rowKey="id"
        columns={columns}
        actionRef={ref}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: 8 }}
      />
      <ChangeDrawer
        change={detail}
        onClose={() => setDetail(null)}
        onDecided={decided}
        onPassword={setPassword}
      />
      <OneTimePasswordModal value={password} onClose={() => setPassword(null)} />
    </PageContainer>
  );
}
