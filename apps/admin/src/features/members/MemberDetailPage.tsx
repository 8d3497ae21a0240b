import {
  ModalForm,
  PageContainer,
  ProCard,
  ProFormSelect,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { findPlay, PAYMENT_METHODS } from '@app/shared';
import {
  bonusTypeLabel,
  describeBonusReference,
  GAME_TRANSFER_DIRECTIONS,
  gamePlatformLabel,
  LEDGER_TYPE_LABELS,
  ledgerTypeLabel,
  lotteryLabel,
  MEMBER_FLAGS,
  memberTagsBody,
  messageTypeLabel,
  passTypeLabel,
  registerSourceLabel,
  sportLabel,
  WALLET_LABELS,
  walletLabel,
  type MemberFlag,
} from '@app/shared/backoffice';
import type { BackofficeExportOf, BackofficeRow } from '@app/shared/backoffice-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Descriptions, Popconfirm, Space, Tabs, Tag } from 'antd';
import { useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAuth } from '@/app/auth.tsx';
import { get, post, put, validate } from '@/lib/api.ts';
import { beijing } from '@/lib/format.ts';
import { ReferenceLink } from '@/ui/Labels.tsx';
import { Money } from '@/ui/Money.tsx';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';
import { AdjustmentForm } from './AdjustmentForm.tsx';
import { FlagTags } from './MembersPage.tsx';
import { ResponsiblePlaySection } from './ResponsiblePlaySection.tsx';
import { tagOptions, useMemberTags } from './tags.ts';

/** The member's record tables: one list (and CSV export) each, rows as their contract says. */
type RecordPath =
  | '/admin/v1/members/:id/ledger'
  | '/admin/v1/members/:id/orders'
  | '/admin/v1/members/:id/lottery-bets'
  | '/admin/v1/members/:id/deposits'
  | '/admin/v1/members/:id/withdrawals'
  | '/admin/v1/members/:id/game-transfers'
  | '/admin/v1/members/:id/bonuses'
  | '/admin/v1/members/:id/messages';
type Session = BackofficeRow<'/admin/v1/members/:id/sessions'>;

const time = <R,>(k: keyof R & string): ProColumns<R> => ({
  title: '时间',
  dataIndex: k,
  search: false,
  render: (_, r) => beijing(r[k] as string),
});
const money = <R,>(title: string, k: keyof R & string, signed = false): ProColumns<R> => ({
  title,
  dataIndex: k,
  search: false,
  align: 'right',
  render: (_, r) => <Money value={r[k] as string} signed={signed} />,
});
const text = <R,>(title: string, k: keyof R & string, search = false): ProColumns<R> => ({
  title,
  dataIndex: k,
  search: search ? undefined : false,
});
/** A code column shown in words (`football` → 足球). */
const labelled = <R,>(
  title: string,
  k: keyof R & string,
  label: (code: string) => string,
): ProColumns<R> => ({
  title,
  dataIndex: k,
  search: false,
  render: (_, r) => label(String(r[k])),
});
const status = <R,>(values: Record<string, string>): ProColumns<R> => ({
  title: '状态',
  dataIndex: 'status',
  valueEnum: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { text: v }])),
});

/** A tab of one record table: its route's rows type its columns (given the member, for their links). */
function recordTab<P extends RecordPath>(
  key: string,
  label: string,
  path: P,
  columns: (memberId: number, wallets: string[]) => ProColumns<BackofficeRow<P>>[],
) {
  return {
    key,
    label,
    table: (memberId: number, exportName: string, wallets: string[]) => (
      <ServerTable
        path={path}
        params={{ id: memberId }}
        exportPath={`${path}/export` as BackofficeExportOf<P>}
        exportName={exportName}
        rowKey="id"
        columns={columns(memberId, wallets)}
        syncToUrl={false}
      />
    ),
  };
}

const playName = (code: string) => findPlay(code)?.name ?? code;
const methodName = (code: string) =>
  (PAYMENT_METHODS as Record<string, { name: string } | undefined>)[code]?.name ?? code;

const TABS = [
  recordTab('ledger', '账变', '/admin/v1/members/:id/ledger', (memberId, wallets) => [
    time('created_at'),
    {
      title: '类型',
      dataIndex: 'type',
      valueEnum: Object.fromEntries(Object.entries(LEDGER_TYPE_LABELS).map(([k, v]) => [k, { text: v }])),
      render: (_, r) => ledgerTypeLabel(r.type),
    },
    {
      title: '钱包',
      dataIndex: 'wallet',
      valueEnum: Object.fromEntries(
        [...new Set([...Object.keys(WALLET_LABELS), ...wallets])].map((k) => [k, { text: walletLabel(k) }]),
      ),
      render: (_, r) => walletLabel(r.wallet),
    },
    money('金额', 'amount', true),
    money('变动前', 'balance_before'),
    money('变动后', 'balance_after'),
    {
      title: '关联',
      dataIndex: 'reference',
      search: false,
      render: (_, r) => <ReferenceLink reference={r.reference} memberId={memberId} />,
    },
    text('备注', 'remark'),
    dateRangeColumn(),
  ]),
  recordTab('orders', '体育注单', '/admin/v1/members/:id/orders', () => [
    text('单号', 'order_no'),
    labelled('运动', 'sport', sportLabel),
    labelled('过关', 'pass_type', passTypeLabel),
    money('金额', 'amount'),
    money('最高奖金', 'max_prize'),
    money('派奖', 'payout'),
    status({
      confirming: '投注确认中',
      pending: '待结算',
      won: '已中奖',
      lost: '未中奖',
      refunded: '已退款',
      rejected: '投注被拒',
    }),
    time('created_at'),
    text('作废/更正', 'void_trace'),
    dateRangeColumn(),
  ]),
  recordTab('lottery', '彩票注单', '/admin/v1/members/:id/lottery-bets', () => [
    text('单号', 'bet_no'),
    labelled('彩种', 'lottery_code', lotteryLabel),
    text('期号', 'period'),
    labelled('玩法', 'play_code', playName),
    text('号码', 'codes'),
    money('金额', 'amount'),
    money('派奖', 'payout'),
    status({ pending: '待开奖', won: '已中奖', lost: '未中奖', cancelled: '已撤单', refunded: '已退款' }),
    time('created_at'),
    text('撤单/退款', 'void_trace'),
    dateRangeColumn(),
  ]),
  recordTab('deposits', '充值', '/admin/v1/members/:id/deposits', () => [
    text('单号', 'order_no'),
    labelled('方式', 'method', methodName),
    money('金额', 'amount'),
    text('USDT', 'usdt_amount'),
    text('交易哈希', 'tx_hash'),
    status({
      pending: '待支付',
      confirming: '待确认',
      paid: '已到账',
      failed: '失败',
      cancelled: '已取消',
      rejected: '已驳回',
    }),
    time('created_at'),
    dateRangeColumn(),
  ]),
  recordTab('withdrawals', '提现', '/admin/v1/members/:id/withdrawals', () => [
    text('单号', 'order_no'),
    money('金额', 'amount'),
    money('手续费', 'fee'),
    text('收款账户', 'wallet_name'),
    text('账号', 'account'),
    status({
      pending: '审核中',
      approved: '待出款',
      paid: '已到账',
      rejected: '已驳回',
      cancelled: '已取消',
    }),
    text('原因', 'reason'),
    time('created_at'),
    dateRangeColumn(),
  ]),
  recordTab('games', '游戏转账', '/admin/v1/members/:id/game-transfers', () => [
    text('转账号', 'id'),
    labelled('平台', 'provider', gamePlatformLabel),
    labelled(
      '方向',
      'direction',
      (d) => GAME_TRANSFER_DIRECTIONS[d as keyof typeof GAME_TRANSFER_DIRECTIONS] ?? d,
    ),
    money('金额', 'amount'),
    status({ pending: '处理中', completed: '成功', failed: '失败' }),
    text('错误', 'last_error'),
    time('created_at'),
    dateRangeColumn(),
  ]),
  recordTab('bonuses', '彩金', '/admin/v1/members/:id/bonuses', () => [
    labelled('类型', 'type', bonusTypeLabel),
    text('标题', 'title'),
    money('金额', 'amount'),
    money('打码量', 'turnover'),
    labelled('来源', 'reference', (ref) => describeBonusReference(ref).text),
    time('created_at'),
    dateRangeColumn(),
  ]),
  recordTab('messages', '站内信', '/admin/v1/members/:id/messages', () => [
    labelled('类型', 'type', messageTypeLabel),
    text('标题', 'title'),
    { title: '内容', dataIndex: 'content', search: false, ellipsis: true, width: 360 },
    {
      title: '已读',
      dataIndex: 'read',
      search: false,
      render: (_, r) => (r.read ? '已读' : <Badge status="processing" text="未读" />),
    },
    time('created_at'),
    dateRangeColumn(),
  ]),
];

/**
 * One member: profile, balances, flags (with a reason), 理性投注 (read only), sessions, every record,
 * manual adjustment.
 */
export default function MemberDetailPage() {
  const id = Number(useParams().id);
  const { can } = useAuth();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'ledger';
  const sessionsRef = useRef<ActionType>(undefined);
  const { data: m } = useQuery({
    queryKey: ['member', id],
    queryFn: () => get('/admin/v1/members/:id', { id }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['member', id] });
  const tagList = useMemberTags();

  const revoke = async (sessionId?: number) => {
    try {
      const r = await post(
        '/admin/v1/members/:id/sessions/revoke',
        { ...(sessionId ? { session_id: sessionId } : {}), reason: '后台强制下线' },
        { params: { id } },
      );
      void message.success(`已下线 ${r.revoked} 个会话`);
      void sessionsRef.current?.reload();
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const sessionColumns: ProColumns<Session>[] = [
    time('created_at'),
    text('IP', 'ip'),
    { title: '设备', dataIndex: 'user_agent', search: false, ellipsis: true, width: 320 },
    {
      title: '最近活动',
      dataIndex: 'last_seen_at',
      search: false,
      render: (_, r) => beijing(r.last_seen_at),
    },
    {
      title: '状态',
      dataIndex: 'active',
      search: false,
      render: (_, r) => (r.active ? <Tag color="green">在线凭证</Tag> : <Tag>已失效</Tag>),
    },
    {
      title: '操作',
      valueType: 'option',
      render: (_, r) =>
        r.active && can('members.sessions') ? (
          <Popconfirm title="强制该会话下线？" onConfirm={() => revoke(r.id)}>
            <a>下线</a>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <PageContainer
      title={m ? `${m.username}（ID ${m.id}）` : '会员'}
      subTitle={m && <FlagTags flags={m.flags} />}
      extra={
        m && (
          <Space>
            {can('members.flags') && (
              <ModalForm<{ flag: MemberFlag; value: 0 | 1; reason: string }>
                title="修改会员标记"
                width={440}
                trigger={<Button data-testid="open-flags">修改标记</Button>}
                modalProps={{ destroyOnHidden: true }}
                onFinish={async (v) => {
                  try {
                    await post(
                      '/admin/v1/members/:id/flags',
                      // The select may hand back its value as text.
                      { flag: v.flag, value: Number(v.value) === 1 ? 1 : 0, reason: v.reason },
                      { params: { id } },
                    );
                    void message.success('已保存');
                    refresh();
                    return true;
                  } catch (e) {
                    void message.error((e as Error).message);
                    return false;
                  }
                }}
              >
                <ProFormSelect
                  name="flag"
                  label="标记"
                  options={Object.entries(MEMBER_FLAGS).map(([value, label]) => ({ value, label }))}
                  rules={[{ required: true }]}
                />
                <ProFormSelect
                  name="value"
                  label="设为"
                  options={[
                    { value: 1, label: '是 (1)' },
                    { value: 0, label: '否 (0)' },
                  ]}
                  rules={[{ required: true }]}
                />
                <ProFormTextArea
                  name="reason"
                  label="原因"
                  rules={[{ required: true, message: '请填写原因' }]}
                />
              </ModalForm>
            )}
            {can('members.tags') && (
              <ModalForm<{ tags: string[]; reason?: string }>
                title="会员标签"
                width={480}
                trigger={<Button data-testid="open-tags">编辑标签</Button>}
                initialValues={{ tags: m.tags }}
                modalProps={{ destroyOnHidden: true }}
                onFinish={async (v) => {
                  try {
                    await put(
                      '/admin/v1/members/:id/tags',
                      validate(memberTagsBody, { tags: v.tags, reason: v.reason ?? '' }),
                      { params: { id } },
                    );
                    void message.success('已保存');
                    refresh();
                    void queryClient.invalidateQueries({ queryKey: ['member-tags'] });
                    return true;
                  } catch (e) {
                    void message.error((e as Error).message);
                    return false;
                  }
                }}
              >
                <ProFormSelect
                  name="tags"
                  label="标签（输入后回车添加；用于会员搜索与站内信分群）"
                  mode="tags"
                  options={tagOptions(tagList.data)}
                />
                <ProFormTextArea name="reason" label="说明（可选，写入审计日志）" />
              </ModalForm>
            )}
            {can('members.adjust') && (
              <AdjustmentForm memberId={m.id} username={m.username} onDone={refresh} />
            )}
          </Space>
        )
      }
    >
      {m && (
        <ProCard bordered style={{ marginBottom: 16 }}>
          <Descriptions column={4} size="small" data-testid="member-profile">
            <Descriptions.Item label="主钱包">
              <Money value={m.balance} />
            </Descriptions.Item>
            <Descriptions.Item label="彩票钱包">
              <Money value={m.lottery_balance} />
            </Descriptions.Item>
            <Descriptions.Item label="冻结钱包">
              <Money value={m.frozen} />
            </Descriptions.Item>
            <Descriptions.Item label="剩余打码量">
              <Money value={m.codingvolume} />
            </Descriptions.Item>
            <Descriptions.Item label="累计充值">
              <Money value={m.paysum} />
            </Descriptions.Item>
            <Descriptions.Item label="累计投注">
              <Money value={m.totalgame} />
            </Descriptions.Item>
            <Descriptions.Item label="累计提现">
              <Money value={m.total_withdraw} />
            </Descriptions.Item>
            <Descriptions.Item label="VIP">VIP{m.vip_level}</Descriptions.Item>
            <Descriptions.Item label="昵称">{m.nickname}</Descriptions.Item>
            <Descriptions.Item label="真实姓名">{m.real_name ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="手机号">{m.mobile ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="在线">
              {m.online ? <Badge status="success" text="在线" /> : '离线'}
            </Descriptions.Item>
            <Descriptions.Item label="所属代理">{m.agent_username ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="邀请人">{m.inviter_username ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="邀请码">{m.invite_code}</Descriptions.Item>
            <Descriptions.Item label="注册">
              {beijing(m.created_at)} · {registerSourceLabel(m.register_type)} · {m.register_ip ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label="标签" span={4}>
              {m.tags.length
                ? m.tags.map((t) => (
                    <Tag key={t} color="blue">
                      {t}
                    </Tag>
                  ))
                : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="其他钱包" span={4}>
              {m.wallets
                .filter((w) => !['main', 'frozen', 'lottery'].includes(w.kind))
                .map((w) => (
                  <Tag key={w.kind}>
                    {walletLabel(w.kind)}：<Money value={w.balance} />
                  </Tag>
                ))}
              {m.wallets.every((w) => ['main', 'frozen', 'lottery'].includes(w.kind)) && '-'}
            </Descriptions.Item>
          </Descriptions>
        </ProCard>
      )}
      {m && <ResponsiblePlaySection rp={m.responsible_play} />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        destroyOnHidden
        items={[
          ...TABS.map((t) => ({
            key: t.key,
            label: t.label,
            children: t.table(
              id,
              `${m?.username ?? id}-${t.label}`,
              (m?.wallets ?? []).map((w) => w.kind),
            ),
          })),
          {
            key: 'sessions',
            label: '登录会话',
            children: (
              <ServerTable
                path="/admin/v1/members/:id/sessions"
                params={{ id }}
                exportPath="/admin/v1/members/:id/sessions/export"
                rowKey="id"
                columns={sessionColumns}
                syncToUrl={false}
                search={false}
                actionRef={sessionsRef}
                toolBar={
                  can('members.sessions')
                    ? [
                        <Popconfirm key="all" title="强制该会员所有会话下线？" onConfirm={() => revoke()}>
                          <Button danger>全部下线</Button>
                        </Popconfirm>,
                      ]
                    : []
                }
              />
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
