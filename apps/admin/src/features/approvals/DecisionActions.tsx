import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { controlChangeDecisionBody, type ControlChangeItem, type Permission } from '@app/shared/backoffice';
import { Alert, App, Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useAuth } from '@/app/auth.tsx';
import { ApiError, post, validate } from '@/lib/api.ts';
import { ChangeDiff } from './ChangeDiff.tsx';
import type { OneTimePassword } from './OneTimePasswordModal.tsx';

/** The console's name of the permission a checker needs (the screen where the maker proposed it). */
const PERMISSION_NAMES: Partial<Record<Permission, string>> = {
  operators: '管理账号',
  'finance.settings': '财务设置',
  'finance.orders': '充值/提现',
  sports: '体育',
  activities: '活动与审核',
  'invite.settings': '邀请规则',
  'members.adjust': '人工调整',
};
export const permissionName = (p: string) => PERMISSION_NAMES[p as Permission] ?? p;

/** Kinds whose approval makes a temporary password, shown once to the checker. */
const MAKES_PASSWORD = new Set(['operator.create', 'operator.reset_password']);

/** A refusal that leaves nothing to retry in the dialog: who may decide, or the change moved on. */
const isFinal = (e: unknown) => e instanceof ApiError && [403, 404, 409, 422].includes(e.code);

export interface DecisionActionsProps {
  change: ControlChangeItem;
  /** Called after any decision (or a final refusal) so the list and detail reload. */
  onDecided: (change?: ControlChangeItem) => void;
  /** An approval answered a one-time password. */
  onPassword: (value: OneTimePassword) => void;
  /** Buttons (the detail drawer) instead of links (a table row). */
  buttons?: boolean;
  /** Shown first in the same row (a table row's 详情). */
  lead?: ReactNode;
}

/**
 * 通过 / 驳回 for another operator's pending change, 撤回 for one's own. The maker never sees 通过:
 * their row says 待他人复核. A checker without the change's permission still sees both (the
 * server refuses with its reason), with a hint saying which permission it needs.
 */
export function DecisionActions({ change: c, onDecided, onPassword, buttons, lead }: DecisionActionsProps) {
  const { message } = App.useApp();
  const { operator, can } = useAuth();
  if (c.status !== 'pending') return <>{lead}</>;
  const trigger = (label: string, testId: string, danger?: boolean) =>
    buttons ? (
      <Button type={danger ? 'default' : 'primary'} danger={danger} data-testid={testId}>
        {label}
      </Button>
    ) : (
      <a data-testid={testId} style={danger ? { color: '#cf1322' } : undefined}>
        {label}
      </a>
    );
  const fail = (e: unknown) => {
    void message.error(e instanceof Error ? e.message : '操作失败');
    if (isFinal(e)) onDecided();
    return isFinal(e);
  };

  if (c.maker_id === operator?.id)
    return (
      <Space size={8}>
        {lead}
        <Tooltip title="发起人不能复核自己发起的变更">
          <Tag color="default" data-testid={`own-change-${c.id}`}>
            待他人复核
          </Tag>
        </Tooltip>
        <Popconfirm
          title={`撤回 #${c.id}？`}
          description="撤回后此变更不会生效，可重新发起。"
          okText="撤回"
          onConfirm={async () => {
            try {
              const item = await post(
                '/admin/v1/control-changes/:id/reject',
                { reason: '' },
                { params: { id: c.id } },
              );
              void message.success('已撤回');
              onDecided(item);
            } catch (e) {
              fail(e);
            }
          }}
        >
          {trigger('撤回', `withdraw-change-${c.id}`, true)}
        </Popconfirm>
      </Space>
    );

  const needs = !can(c.permission as Permission) && (
    <Typography.Text
      type="secondary"
      data-testid={`needs-permission-${c.id}`}
      style={buttons ? undefined : { display: 'block', fontSize: 12 }}
    >
      需「{permissionName(c.permission)}」权限
    </Typography.Text>
  );
  const decide = (
    <Space size={8}>
      {lead}
      {buttons && needs}
      <ModalForm<{ reason?: string }>
        title={`复核通过 #${c.id}`}
        width={640}
        trigger={trigger('通过', `approve-change-${c.id}`)}
        modalProps={{ destroyOnHidden: true }}
        submitter={{ searchConfig: { submitText: '确认通过' } }}
        onFinish={async (v) => {
          try {
            const body = validate(controlChangeDecisionBody, { reason: v.reason ?? '' });
            const res = await post('/admin/v1/control-changes/:id/approve', body, { params: { id: c.id } });
            void message.success(`复核通过，已生效：${res.change.summary}`);
            const password = res.result?.temporary_password;
            if (typeof password === 'string')
              onPassword({
                username: typeof res.result?.username === 'string' ? res.result.username : '',
                password,
                created: c.kind === 'operator.create',
              });
            onDecided(res.change);
            return true;
          } catch (e) {
            return fail(e);
          }
        }}
      >
        <Typography.Paragraph strong>{c.summary}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          发起人 {c.maker_name}
          {c.maker_reason ? `，原因：${c.maker_reason}` : ''}。通过后立即生效，并以你的名义记入审计日志。
        </Typography.Paragraph>
        <div style={{ marginBottom: 16 }}>
          <ChangeDiff before={c.before} after={c.after} targetType={c.target_type} />
        </div>
        {MAKES_PASSWORD.has(c.kind) && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="通过后将生成一次性密码，只向你显示一次，请准备好安全的交付渠道。"
          />
        )}
        <ProFormTextArea
          name="reason"
          label="复核意见（选填，写入审计日志）"
          fieldProps={{ maxLength: 200, showCount: true }}
        />
      </ModalForm>
      <ModalForm<{ reason: string }>
        title={`驳回 #${c.id}`}
        width={480}
        trigger={trigger('驳回', `reject-change-${c.id}`, true)}
        modalProps={{ destroyOnHidden: true }}
        submitter={{ searchConfig: { submitText: '确认驳回' } }}
        onFinish={async (v) => {
          try {
            const body = validate(controlChangeDecisionBody, { reason: v.reason });
            const item = await post('/admin/v1/control-changes/:id/reject', body, { params: { id: c.id } });
            void message.success('已驳回，变更不会生效');
            onDecided(item);
            return true;
          } catch (e) {
            return fail(e);
          }
        }}
      >
        <Typography.Paragraph>{c.summary}</Typography.Paragraph>
        <ProFormTextArea
          name="reason"
          label="驳回原因（发起人可见）"
          rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }]}
          fieldProps={{ maxLength: 200, showCount: true }}
        />
      </ModalForm>
    </Space>
  );
  if (buttons) return decide;
  return (
    <div>
      {decide}
      {needs}
    </div>
  );
}
