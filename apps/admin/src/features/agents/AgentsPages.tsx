import {
  ModalForm,
  PageContainer,
  ProCard,
  ProForm,
  ProFormDigit,
  ProFormList,
  ProFormText,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
  type ProFormInstance,
} from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Drawer, Space, Spin, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { inviteSettingsBody } from '@app/shared/backoffice';
import type { BackofficeResponse, BackofficeRow } from '@app/shared/backoffice-api';
import { useAuth } from '@/app/auth.tsx';
import { PendingChangesBanner } from '@/features/approvals/PendingChangesBanner.tsx';
import { doneOrPending, get, post, put, validate } from '@/lib/api.ts';
import { beijing, count } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';

type Application = BackofficeRow<'/admin/v1/agent-applications'>;
type Agent = BackofficeRow<'/admin/v1/agents'>;
type AgentMember = BackofficeRow<'/admin/v1/agents/:id/members'>;
type Reward = BackofficeRow<'/admin/v1/invite/rewards'>;
type Settings = BackofficeResponse<'GET', '/admin/v1/settings/invite'>;

const APPLICATION_STATUS = {
  pending: { text: '待审核', status: 'Warning' },
  approved: { text: '已通过', status: 'Success' },
  rejected: { text: '已拒绝', status: 'Error' },
  cancelled: { text: '已撤销', status: 'Default' },
};

function Decide({ row, onDone }: { row: Application; onDone: () => void }) {
  const { message } = App.useApp();
  const decide = (kind: 'approve' | 'reject') => async (v: { reason?: string }) => {
    try {
      await post(
        `/admin/v1/agent-applications/:id/${kind}`,
        { reason: v.reason ?? '' },
        { params: { id: row.id } },
      );
      void message.success(kind === 'approve' ? '已通过，会员已成为代理' : '已拒绝，原因已通知会员');
      onDone();
      return true;
    } catch (e) {
      void message.error((e as Error).message);
      return false;
    }
  };
  return (
    <Space>
      <ModalForm
        title={`通过 ${row.username} 的代理申请`}
        width={440}
        trigger={<a data-testid={`approve-${row.id}`}>通过</a>}
        modalProps={{ destroyOnHidden: true }}
        onFinish={decide('approve')}
      >
        <Typography.Paragraph>通过后会员成为代理并获得代理码，站内信通知。</Typography.Paragraph>
        <ProFormTextArea name="reason" label="备注（可选）" />
      </ModalForm>
      <ModalForm
        title={`拒绝 ${row.username} 的代理申请`}
        width={440}
        trigger={<a style={{ color: '#cf1322' }}>拒绝</a>}
        modalProps={{ destroyOnHidden: true }}
        onFinish={decide('reject')}
      >
        <ProFormTextArea
          name="reason"
          label="拒绝原因（通过站内信告知会员）"
          rules={[{ required: true, message: '请填写拒绝原因' }]}
        />
      </ModalForm>
    </Space>
  );
}

/** Agent applications: review and decide (the member is told by message either way). */
export function AgentApplicationsPage() {
  const ref = useRef<ActionType>(undefined);
  const columns: ProColumns<Application>[] = [
    { title: 'ID', dataIndex: 'id', search: false, width: 70 },
    {
      title: '会员',
      dataIndex: 'username',
      search: false,
      render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.username}</Link>,
    },
    { title: '状态', dataIndex: 'status', valueEnum: APPLICATION_STATUS },
    { title: '姓名', dataIndex: 'real_name', search: false },
    {
      title: '联系方式',
      dataIndex: 'contact',
      search: false,
      render: (_, r) => `${r.contact_type}：${r.contact}`,
    },
    { title: '推广渠道', dataIndex: 'channel_text', search: false },
    { title: '预计人数', dataIndex: 'expected_members', search: false },
    { title: '经验', dataIndex: 'experience', search: false, ellipsis: true, width: 260 },
    { title: '申请时间', dataIndex: 'created_at', search: false, render: (_, r) => beijing(r.created_at) },
    { title: '处理说明', dataIndex: 'reason', search: false, render: (_, r) => r.reason ?? '-' },
    {
      title: '操作',
      valueType: 'option',
      render: (_, r) =>
        r.status === 'pending' ? <Decide row={r} onDone={() => void ref.current?.reload()} /> : null,
    },
  ];
  return (
    <PageContainer title="代理申请">
      <ServerTable path="/admin/v1/agent-applications" rowKey="id" columns={columns} actionRef={ref} />
    </PageContainer>
  );
}

function AgentMembers({ agent, onClose }: { agent: Agent; onClose: () => void }) {
  const columns: ProColumns<AgentMember>[] = [
    { title: '账号', dataIndex: 'keyword', hideInTable: true },
    { title: 'ID', dataIndex: 'id', search: false, width: 70 },
    {
      title: '账号',
      dataIndex: 'username',
      search: false,
      render: (_, r) => <Link to={`/members/${r.id}`}>{r.username}</Link>,
    },
    {
      title: '余额',
      dataIndex: 'balance',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.balance} />,
    },
    {
      title: '累计充值',
      dataIndex: 'deposit_total',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.deposit_total} />,
    },
    {
      title: '累计提现',
      dataIndex: 'withdraw_total',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.withdraw_total} />,
    },
    {
      title: '累计投注',
      dataIndex: 'bet_total',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.bet_total} />,
    },
    {
      title: '注册时间',
      dataIndex: 'registered_at',
      search: false,
      render: (_, r) => beijing(r.registered_at),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      search: false,
      render: (_, r) => (r.enabled ? <Tag color="green">正常</Tag> : <Tag color="red">停用</Tag>),
    },
  ];
  return (
    <Drawer
      open
      width={980}
      onClose={onClose}
      title={`${agent.username} 的下级（${count(agent.member_count)} 人）`}
      destroyOnHidden
    >
      <ServerTable
        path="/admin/v1/agents/:id/members"
        params={{ id: agent.id }}
        exportPath="/admin/v1/agents/:id/members/export"
        exportName={`${agent.username}-下级`}
        rowKey="id"
        columns={columns}
        syncToUrl={false}
      />
    </Drawer>
  );
}

/** Agents with their members, stakes, the house's result and rewards paid. */
export function AgentsPage() {
  const [open, setOpen] = useState<Agent | null>(null);
  const columns: ProColumns<Agent>[] = [
    { title: '账号/代理码', dataIndex: 'keyword', hideInTable: true },
    { title: 'ID', dataIndex: 'id', search: false, width: 70 },
    {
      title: '代理',
      dataIndex: 'username',
      search: false,
      render: (_, r) => <Link to={`/members/${r.id}`}>{r.username}</Link>,
    },
    { title: '代理码', dataIndex: 'agent_code', search: false },
    {
      title: '域名',
      dataIndex: 'domains',
      search: false,
      render: (_, r) => (r.domains.length ? r.domains.map((d) => <Tag key={d}>{d}</Tag>) : '-'),
    },
    { title: '下级', dataIndex: 'member_count', search: false, align: 'right' },
    { title: '活跃(30天)', dataIndex: 'active_members', search: false, align: 'right' },
    {
      title: '下级余额',
      dataIndex: 'balance_total',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.balance_total} />,
    },
    {
      title: '本月充值',
      dataIndex: 'month_deposit',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.month_deposit} />,
    },
    {
      title: '本月投注',
      dataIndex: 'month_bet',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.month_bet} />,
    },
    {
      title: '本月平台盈亏',
      dataIndex: 'month_profit',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.month_profit} signed />,
    },
    {
      title: '累计投注',
      dataIndex: 'total_bet',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.total_bet} />,
    },
    {
      title: '已发邀请奖励',
      dataIndex: 'commission_total',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.commission_total} />,
    },
    {
      title: '操作',
      valueType: 'option',
      render: (_, r) => (
        <a onClick={() => setOpen(r)} data-testid={`agent-${r.id}`}>
          下级会员
        </a>
      ),
    },
  ];
  return (
    <PageContainer title="代理列表">
      <ServerTable
        path="/admin/v1/agents"
        exportPath="/admin/v1/agents/export"
        exportName="代理"
        rowKey="id"
        columns={columns}
      />
      {open && <AgentMembers agent={open} onClose={() => setOpen(null)} />}
    </PageContainer>
  );
}

/** Every invite reward paid: milestones and daily commission. */
export function InviteRewardsPage() {
  const columns: ProColumns<Reward>[] = [
    { title: '邀请人（账号或ID）', dataIndex: 'inviter', hideInTable: true },
    { title: 'ID', dataIndex: 'id', search: false, width: 70 },
    {
      title: '邀请人',
      dataIndex: 'inviter_id',
      search: false,
      render: (_, r) => <Link to={`/members/${r.inviter_id}`}>{r.inviter}</Link>,
    },
    {
      title: '下级',
      dataIndex: 'invitee_id',
      search: false,
      render: (_, r) => <Link to={`/members/${r.invitee_id}`}>{r.invitee}</Link>,
    },
    {
      title: '规则',
      dataIndex: 'rule',
      valueEnum: { deposit_milestone: { text: '充值达标奖励' }, bet_commission: { text: '投注返佣' } },
    },
    { title: '档位/日期', dataIndex: 'period', search: false },
    {
      title: '计算基数',
      dataIndex: 'base_amount',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.base_amount} />,
    },
    {
      title: '奖励',
      dataIndex: 'amount',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.amount} />,
    },
    { title: '发放时间', dataIndex: 'created_at', search: false, render: (_, r) => beijing(r.created_at) },
    dateRangeColumn<Reward>('发放日期'),
  ];
  return (
    <PageContainer title="邀请奖励">
      <ServerTable
        path="/admin/v1/invite/rewards"
        exportPath="/admin/v1/invite/rewards/export"
        exportName="邀请奖励"
        rowKey="id"
        columns={columns}
      />
    </PageContainer>
  );
}

type RulesForm = Omit<Settings, 'lines' | 'updated_at'> & { reason?: string };

/** The invite programme's numbers: edited by admin and finance, in force at once, audited. */
export function InviteRulesPage() {
  const { message, modal } = App.useApp();
  const { can } = useAuth();
  const queryClient = useQueryClient();
  const rulesForm = useRef<ProFormInstance<RulesForm>>(undefined);
  const { data } = useQuery({
    queryKey: ['invite-settings'],
    queryFn: () => get('/admin/v1/settings/invite'),
  });
  if (!data) return <Spin />;
  const editable = can('invite.settings');
  return (
    <PageContainer
      title="邀请规则"
      subTitle={`保存后立即生效（会员规则页与发放同时按新规则；提高奖励须另一位管理员复核）· 最后修改 ${beijing(data.updated_at)}`}
    >
      <PendingChangesBanner kind="invite.settings" />
      <ProCard split="vertical">
        <ProCard colSpan="60%" title="规则数值">
          <ProForm<RulesForm>
            formRef={rulesForm}
            initialValues={data}
            disabled={!editable}
            layout="vertical"
            submitter={
              editable
                ? { searchConfig: { submitText: '保存规则' }, resetButtonProps: { children: '还原' } }
                : false
            }
            onFinish={async (v) => {
              const body = {
                deposit_milestones: v.deposit_milestones.map((m) => ({
                  key: m.key,
                  threshold: m.threshold,
                  reward: m.reward,
                })),
                commission_basis_points: Number(v.commission_basis_points),
                turnover_multiple: Number(v.turnover_multiple),
                code_changes_per_day: Number(v.code_changes_per_day),
                reason: v.reason ?? '',
              };
              try {
                validate(inviteSettingsBody, body);
                const ok = await modal.confirm({
                  title: '保存邀请规则',
                  content: `返佣比例 ${(body.commission_basis_points / 100).toFixed(2)}%，奖励打码 ${body.turnover_multiple} 倍，充值达标奖励 ${body.deposit_milestones.map((m) => `满${m.threshold}奖${m.reward}`).join('、')}。新规则立即用于之后的发放，已发放的奖励不变。`,
                });
                if (!ok) return false;
                const saved = await put('/admin/v1/settings/invite', body);
                // A proposal changes nothing yet: the form shows again what is in force.
                if (saved.pending_change) rulesForm.current?.setFieldsValue({ ...saved, reason: '' });
                void message.success(doneOrPending(saved, '已保存'));
                void queryClient.invalidateQueries({ queryKey: ['control-changes'] });
                void queryClient.invalidateQueries({ queryKey: ['invite-settings'] });
                return true;
              } catch (e) {
                void message.error((e as Error).message);
                return false;
              }
            }}
          >
            <ProFormList
              name="deposit_milestones"
              label="充值达标奖励（下级累计充值达到门槛时奖励邀请人，每档一次）"
              creatorButtonProps={false}
              copyIconProps={false}
              deleteIconProps={false}
            >
              <Space>
                <ProFormText name="key" label="档位" disabled width="xs" />
                <ProFormText name="threshold" label="累计充值门槛（元）" width="sm" />
                <ProFormText name="reward" label="奖励（元）" width="sm" />
              </Space>
            </ProFormList>
            <ProFormDigit
              name="commission_basis_points"
              label="投注返佣（万分比，30 = 0.30%）"
              min={0}
              max={1_000}
              fieldProps={{ precision: 0 }}
            />
            <ProFormDigit
              name="turnover_multiple"
              label="奖励打码倍数"
              min={0}
              max={50}
              fieldProps={{ precision: 0 }}
            />
            <ProFormDigit
              name="code_changes_per_day"
              label="每日可更换邀请码次数"
              min={1}
              max={20}
              fieldProps={{ precision: 0 }}
            />
            {editable && (
              <ProFormTextArea
                name="reason"
                label="修改原因（写入审计日志）"
                rules={[{ required: true, message: '请填写原因' }]}
              />
            )}
          </ProForm>
        </ProCard>
        <ProCard title="会员看到的规则">
          <ol style={{ paddingLeft: 18, margin: 0 }}>
            {data.lines.map((line) => (
              <li key={line} style={{ marginBottom: 8 }}>
                {line}
              </li>
            ))}
          </ol>
        </ProCard>
      </ProCard>
    </PageContainer>
  );
}
