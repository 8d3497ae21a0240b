import { OPERATOR_ROLES, type OperatorRoleKey } from '@app/shared/backoffice';
import { Table, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The fields a change's before/after carry, in the console's words. */
const FIELD_LABELS: Record<string, string> = {
  // 财务设置
  usdt_deposit_rate: 'USDT 充值汇率',
  usdt_withdraw_rate: 'USDT 提现汇率',
  withdraw_min: '单笔最低提现（元）',
  withdraw_max: '单笔最高提现（元）',
  withdraw_fee_bp: '提现手续费率（万分之）',
  withdraw_fee_min: '手续费下限（元）',
  withdraw_fee_max: '手续费上限（元）',
  deposit_turnover_multiple: '充值打码倍数',
  adjustment_approval_threshold: '单人审批额度（元）',
  payment_methods: '充值方式',
  // 负债上限、会员限额
  max_liability: '单一结果最高负债（元）',
  in_force: '生效上限',
  max_stake: '单笔最高投注（元）',
  max_payout_per_match: '单场最高可赢（元）',
  // 邀请规则
  deposit_milestones: '充值达标奖励',
  commission_basis_points: '返佣比例（万分之）',
  turnover_multiple: '奖励打码倍数',
  code_changes_per_day: '每日换码次数',
  // 管理账号
  username: '用户名',
  name: '姓名',
  role: '角色',
  enabled: '启用',
  totp_enabled: '两步验证',
  // 资金
  status: '状态',
  amount: '金额（元）',
  usdt_amount: 'USDT 数量',
  credited_amount: '入账金额（元）',
  // 作废/重新结算
  result: '赛果',
  orders: '注单数',
  refunds: '退款笔数',
  refund_amount: '退款金额（元）',
  extra_payouts: '补派笔数',
  extra_amount: '补派金额（元）',
  take_backs: '扣回笔数',
  take_back_amount: '扣回金额（元）',
  net: '净额（元）',
};

const STATUS_WORDS: Record<string, string> = {
  pending: '待处理',
  confirming: '待确认',
  approved: '已通过',
  paid: '已完成',
  rejected: '已驳回',
};

export const fieldLabel = (key: string) => FIELD_LABELS[key] ?? key;

/** One value as an operator reads it: 元 strings as they are, roles and states in words, lists line by line. */
export function showValue(key: string, v: unknown): ReactNode {
  if (v === null || v === undefined || v === '')
    return <Typography.Text type="secondary">不限/无</Typography.Text>;
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (key === 'role' && typeof v === 'string') return OPERATOR_ROLES[v as OperatorRoleKey] ?? v;
  if (key === 'status' && typeof v === 'string') return STATUS_WORDS[v] ?? v;
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v))
    return (
      <div>
        {v.map((item, i) => (
          <div key={i}>{describe(item)}</div>
        ))}
      </div>
    );
  return describe(v);
}

const ITEM_LABELS: Record<string, string> = {
  enabled: '启用',
  sort: '排序',
  min_amount: '最低',
  max_amount: '最高',
};

const plain = (x: unknown): string => {
  if (x === null || x === undefined) return '无';
  if (typeof x === 'boolean') return x ? '是' : '否';
  if (typeof x === 'string' || typeof x === 'number' || typeof x === 'bigint') return String(x);
  return JSON.stringify(x);
};

/** An object in one line: its fields by their labels (a milestone, a payment method, a score). */
function describe(v: unknown): string {
  if (v === null || typeof v !== 'object') return plain(v);
  const o = v as Record<string, unknown>;
  if ('threshold' in o && 'reward' in o) return `满 ${plain(o.threshold)} 奖 ${plain(o.reward)}`;
  const name = typeof o.name === 'string' ? o.name : typeof o.code === 'string' ? o.code : null;
  const text = Object.entries(o)
    .filter(([k]) => k !== 'name' && k !== 'code')
    .map(([k, x]) => `${ITEM_LABELS[k] ?? fieldLabel(k)} ${plain(x)}`)
    .join('，');
  return name ? `${name}：${text}` : text;
}

interface DiffRow {
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

function rowsOf(before: unknown, after: unknown): DiffRow[] {
  const asRecord = (v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  const b = asRecord(before);
  const a = asRecord(after);
  if ((before !== null && !b) || (after !== null && !a))
    return [{ key: '内容', before, after, changed: JSON.stringify(before) !== JSON.stringify(after) }];
  const keys = Array.from(new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})]));
  return keys.map((key) => ({
    key,
    before: b?.[key],
    after: a?.[key],
    changed: JSON.stringify(b?.[key]) !== JSON.stringify(a?.[key]),
  }));
}

/** What a change does, field by field: before (struck through when it changes) → after (bold). */
export function ChangeDiff({ before, after }: { before: unknown; after: unknown }) {
  if (before === null && after === null)
    return <Typography.Text type="secondary">此项无字段变化（见摘要）</Typography.Text>;
  return (
    <Table<DiffRow>
      data-testid="change-diff"
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rowsOf(before, after)}
      columns={[
        { title: '字段', dataIndex: 'key', width: 180, render: (k: string) => fieldLabel(k) },
        {
          title: '修改前',
          dataIndex: 'before',
          render: (v: unknown, r) =>
            before === null ? (
              <Typography.Text type="secondary">（新建）</Typography.Text>
            ) : (
              <Typography.Text delete={r.changed} type={r.changed ? 'secondary' : undefined}>
                {showValue(r.key, v)}
              </Typography.Text>
            ),
        },
        {
          title: '修改后',
          dataIndex: 'after',
          render: (v: unknown, r) => (
            <Typography.Text strong={r.changed} type={r.changed ? 'danger' : undefined}>
              {showValue(r.key, v)}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
