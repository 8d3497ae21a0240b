import { ProCard } from '@ant-design/pro-components';
import {
  EXCLUSION_CHOICES,
  EXCLUSION_RETURN_WAIT_HOURS,
  PLAY_LIMIT_KIND_NAMES,
  PLAY_LIMIT_KINDS,
  PLAY_LIMIT_PERIOD_NAMES,
  PLAY_LIMIT_PERIODS,
  addMonths,
  type PlayLimitKind,
  type PlayLimitPeriod,
} from '@app/shared';
import type { MemberDetail } from '@app/shared/backoffice';
import { Alert, Descriptions, Table, Tag, Typography, type DescriptionsProps } from 'antd';
import type { HTMLAttributes } from 'react';
import { beijing } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';

type ResponsiblePlay = MemberDetail['responsible_play'];
type PlayLimit = ResponsiblePlay['limits'][number];
type PlayExclusion = ResponsiblePlay['exclusions'][number];

/** Operators see these; only the member sets them (no console route changes or lifts them). */
export const RESPONSIBLE_NOTE = '会员自行设置，后台仅可查看；冷静期与自我排除不可由后台缩短或解除';

const KIND_NAMES: Record<PlayExclusion['kind'], string> = { timeout: '冷静期', self_exclusion: '自我排除' };

/** What each limit counts. */
const KIND_HINTS: Record<PlayLimitKind, string> = {
  deposit: '按到账的充值计算',
  loss: '投注 − 派彩，不低于 0',
  stake: '按投注本金计算',
};

/** The choice's length (24小时, 6个月 …) when the start and end match one; null otherwise. */
function lengthOf(e: PlayExclusion): string | null {
  const starts = new Date(e.starts_at);
  const ends = Date.parse(e.ends_at);
  for (const choice of Object.values(EXCLUSION_CHOICES)) {
    if (choice.kind !== e.kind) continue;
    const end =
      'hours' in choice ? starts.getTime() + choice.hours * 3_600_000 : addMonths(starts, choice.months);
    if (Number(end) === ends) return choice.label;
  }
  return null;
}

const kindText = (e: PlayExclusion) => {
  const length = lengthOf(e);
  return length ? `${KIND_NAMES[e.kind]} ${length}` : KIND_NAMES[e.kind];
};

/** The clear tag of the exclusion in force: 冷静期中, 自我排除中, or where a self-exclusion's return stands. */
function ExclusionTag({ exclusion }: { exclusion: PlayExclusion | null }) {
  if (!exclusion) return <Tag data-testid="rp-exclusion-tag">无冷静期或自我排除</Tag>;
  const [text, color] =
    exclusion.kind === 'timeout'
      ? ['冷静期中', 'orange']
      : exclusion.return_requested_at
        ? ['自我排除中（已申请恢复）', 'red']
        : exclusion.can_request_return
          ? ['自我排除期满（待会员申请恢复）', 'red']
          : ['自我排除中', 'red'];
  return (
    <Tag color={color} data-testid="rp-exclusion-tag">
      {text}
    </Tag>
  );
}

/** When play resumes, in words when the server has no instant yet. */
function playAgainText(e: PlayExclusion): string {
  if (e.play_again_at) return beijing(e.play_again_at);
  return `期满后须会员本人申请恢复，申请${EXCLUSION_RETURN_WAIT_HOURS}小时后恢复`;
}

/** The reality check and the time-out or self-exclusion in force, as Descriptions items (4 a row). */
function exclusionItems(rp: ResponsiblePlay): DescriptionsProps['items'] {
  const ex = rp.exclusion;
  const reality = {
    key: 'reality',
    label: '现实检查提醒',
    children: rp.reality_check_minutes > 0 ? `每 ${rp.reality_check_minutes} 分钟` : '关闭',
  };
  if (!ex)
    return [reality, { key: 'none', label: '冷静期 / 自我排除', span: 3, children: '无（会员可正常投注）' }];
  const selfExclusion = ex.kind === 'self_exclusion';
  return [
    reality,
    { key: 'kind', label: '生效中', children: kindText(ex) },
    { key: 'starts', label: '开始', children: beijing(ex.starts_at) },
    { key: 'ends', label: '结束', children: beijing(ex.ends_at) },
    ...(selfExclusion
      ? [
          {
            key: 'return',
            label: '申请恢复',
            children: ex.return_requested_at ? beijing(ex.return_requested_at) : '未申请',
          },
        ]
      : []),
    { key: 'again', label: '恢复投注', span: selfExclusion ? 3 : 4, children: playAgainText(ex) },
  ];
}

type LimitRow = { key: string; kind: PlayLimitKind; period: PlayLimitPeriod; limit: PlayLimit | null };

/** Every kind × period, each with the member's limit when set (or pending), else 未设置. */
function limitRows(limits: PlayLimit[]): LimitRow[] {
  return PLAY_LIMIT_KINDS.flatMap((kind) =>
    PLAY_LIMIT_PERIODS.map((period) => ({
      key: `${kind}-${period}`,
      kind,
      period,
      limit: limits.find((l) => l.kind === kind && l.period === period) ?? null,
    })),
  );
}

const sameExclusion = (a: PlayExclusion, b: PlayExclusion | null) =>
  !!b && a.kind === b.kind && a.starts_at === b.starts_at && a.ends_at === b.ends_at;

/**
 * 理性投注 on the member's page, read only: the member's limits with this period's figures, the
 * reality check, the time-out or self-exclusion in force and every one the member started.
 */
export function ResponsiblePlaySection({ rp }: { rp: ResponsiblePlay }) {
  const ex = rp.exclusion;
  return (
    <div data-testid="member-responsible" style={{ marginBottom: 16 }}>
      <ProCard bordered title="理性投注" subTitle={<ExclusionTag exclusion={ex} />} headerBordered>
        <Alert
          type="info"
          showIcon
          message={RESPONSIBLE_NOTE}
          data-testid="rp-readonly-note"
          style={{ marginBottom: 16 }}
        />
        <Descriptions
          column={4}
          size="small"
          data-testid="rp-exclusion"
          items={exclusionItems(rp)}
          style={{ marginBottom: 8 }}
        />
        <Table<LimitRow>
          size="small"
          bordered
          pagination={false}
          rowKey="key"
          data-testid="rp-limits"
          dataSource={limitRows(rp.limits)}
          onRow={(r) => ({ 'data-testid': `rp-limit-${r.key}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: '限额',
              key: 'name',
              render: (_, r) => (
                <span title={KIND_HINTS[r.kind]}>
                  {PLAY_LIMIT_PERIOD_NAMES[r.period]}
                  {PLAY_LIMIT_KIND_NAMES[r.kind]}
                </span>
              ),
            },
            {
              title: '当前限额（元）',
              key: 'amount',
              align: 'right',
              render: (_, r) =>
                r.limit?.amount ? (
                  <Money value={r.limit.amount} />
                ) : (
                  <Typography.Text type="secondary">未设置</Typography.Text>
                ),
            },
            {
              title: '本期已用',
              key: 'used',
              align: 'right',
              render: (_, r) => (r.limit ? <Money value={r.limit.used} /> : '-'),
            },
            {
              title: '本期剩余',
              key: 'remaining',
              align: 'right',
              render: (_, r) => <Money value={r.limit?.remaining ?? null} />,
            },
            {
              title: '本期重置',
              key: 'resets_at',
              render: (_, r) => (r.limit ? beijing(r.limit.resets_at) : '-'),
            },
            {
              title: '待生效变更',
              key: 'pending',
              render: (_, r) => {
                const p = r.limit?.pending;
                if (!p) return '-';
                return (
                  <span data-testid="rp-limit-pending">
                    {p.amount === null ? (
                      '取消限额'
                    ) : (
                      <>
                        提高至 <Money value={p.amount} /> 元
                      </>
                    )}
                    ，{beijing(p.effective_at)} 生效
                  </span>
                );
              },
            },
          ]}
        />
        <div>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            冷静期与自我排除记录
          </Typography.Title>
          <Table<PlayExclusion>
            size="small"
            bordered
            pagination={false}
            data-testid="rp-exclusions"
            rowKey={(e) => `${e.kind}-${e.starts_at}`}
            dataSource={rp.exclusions}
            locale={{ emptyText: '会员未设置过冷静期或自我排除' }}
            columns={[
              {
                title: '类型',
                key: 'kind',
                render: (_, e) => (
                  <>
                    {kindText(e)}
                    {sameExclusion(e, ex) && (
                      <Tag color={e.kind === 'timeout' ? 'orange' : 'red'} style={{ marginLeft: 8 }}>
                        当前生效
                      </Tag>
                    )}
                  </>
                ),
              },
              { title: '开始', key: 'starts_at', render: (_, e) => beijing(e.starts_at) },
              { title: '结束', key: 'ends_at', render: (_, e) => beijing(e.ends_at) },
              {
                title: '申请恢复',
                key: 'return_requested_at',
                render: (_, e) =>
                  e.kind === 'timeout'
                    ? '-'
                    : e.return_requested_at
                      ? beijing(e.return_requested_at)
                      : '未申请',
              },
              { title: '恢复投注', key: 'play_again_at', render: (_, e) => playAgainText(e) },
            ]}
          />
        </div>
      </ProCard>
    </div>
  );
}
