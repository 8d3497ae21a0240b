import {
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  type ProColumns,
} from '@ant-design/pro-components';
import { Progress, Tag } from 'antd';
import dayjs from 'dayjs';
import { PARLAY_TYPES, SINGLE_PASS } from '@app/shared';
import { boostBody } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { beijing } from '@/lib/format.ts';
import { CrudPage } from '@/ui/CrudPage.tsx';
import { Money } from '@/ui/Money.tsx';
import { amountRules } from '@/ui/amount.ts';

type Row = BackofficeRow<'/admin/v1/sports/boosts'>;

const SPORTS = [
  { value: 'all', label: '足球和篮球' },
  { value: 'football', label: '足球' },
  { value: 'basketball', label: '篮球' },
];
const PASS_TYPES = [SINGLE_PASS, ...PARLAY_TYPES].map((t) => ({
  value: t.code,
  label: t.code === 'single' ? '单关' : t.name,
}));
const passName = new Map<string, string>(PASS_TYPES.map((t) => [t.value, t.label]));

// No filters: the campaigns are few, and a search form would hold fields named like the form's.
const columns: ProColumns<Row>[] = [
  { title: '名称', dataIndex: 'name', search: false },
  {
    title: '范围',
    dataIndex: 'pass_types',
    search: false,
    render: (_, r) => (
      <>
        <Tag>{r.sport === 'football' ? '足球' : r.sport === 'basketball' ? '篮球' : '足球和篮球'}</Tag>
        {r.pass_types.length === 0 ? (
          <Tag>全部过关方式</Tag>
        ) : (
          r.pass_types.map((p) => <Tag key={p}>{passName.get(p) ?? p}</Tag>)
        )}
        {r.vip_min !== null ? <Tag color="gold">VIP{r.vip_min}以上</Tag> : null}
        {r.tag !== null ? <Tag color="blue">{r.tag}</Tag> : null}
      </>
    ),
  },
  {
    title: '时间',
    dataIndex: 'starts_at',
    search: false,
    width: 150,
    render: (_, r) => `${beijing(r.starts_at)} ~ ${beijing(r.ends_at)}`,
  },
  {
    title: '加奖 / 每单上限',
    dataIndex: 'rate_text',
    search: false,
    render: (_, r) => (
      <>
        <b>{r.rate_text}</b> / <Money value={r.cap_per_order} />
      </>
    ),
  },
  {
    title: '预算 / 已派发',
    dataIndex: 'budget',
    search: false,
    width: 170,
    render: (_, r) => (
      <div data-testid={`boost-spent-${r.id}`}>
        <Money value={r.spent} /> / <Money value={r.budget} />
        <Progress
          size="small"
          showInfo={false}
          percent={Number(r.budget) > 0 ? Math.min(100, (Number(r.spent) / Number(r.budget)) * 100) : 0}
        />
      </div>
    ),
  },
  {
    title: '参与 / 派奖注单',
    dataIndex: 'orders',
    search: false,
    align: 'right',
    render: (_, r) => `${r.orders} / ${r.paid_orders}`,
  },
  {
    title: '状态',
    dataIndex: 'active',
    search: false,
    render: (_, r) =>
      !r.active ? (
        <Tag>已停用</Tag>
      ) : dayjs(r.ends_at).isBefore(dayjs()) ? (
        <Tag>已结束</Tag>
      ) : r.spent === r.budget ? (
        <Tag color="orange">预算用完</Tag>
      ) : dayjs(r.starts_at).isAfter(dayjs()) ? (
        <Tag color="blue">未开始</Tag>
      ) : (
        <Tag color="green">进行中</Tag>
      ),
  },
];

const iso = (v: unknown) => (v ? dayjs(v as string).toISOString() : '');

/**
 * 加奖 campaigns: a percentage on the prize of the winning orders they cover (sport, pass types,
 * dates, VIP level or tag), capped per order, paid from the budget until it is spent. Orders keep
 * the rate they were placed with; every save is audited.
 */
export default function BoostsPage() {
  return (
    <CrudPage
      title="加奖活动"
      subTitle="中奖注单按奖金加奖，每单封顶，预算用完即止"
      path="/admin/v1/sports/boosts"
      columns={columns}
      body={boostBody}
      width={560}
      search={false}
      scrollX={1080}
      defaults={{ sport: 'football', pass_types: ['2x1'], rate_percent: 5, active: true }}
      toForm={(r) => ({
        ...r,
        sport: r.sport ?? 'all',
        rate_percent: r.rate_bp / 100,
      })}
      toBody={(v) => ({
        name: v.name,
        sport: v.sport === 'all' || v.sport === undefined ? null : v.sport,
        pass_types: v.pass_types ?? [],
        starts_at: iso(v.starts_at),
        ends_at: iso(v.ends_at),
        vip_min: v.vip_min === undefined || v.vip_min === null || v.vip_min === '' ? null : Number(v.vip_min),
        tag: typeof v.tag === 'string' && v.tag.trim() !== '' ? v.tag.trim() : null,
        rate_bp: Math.round(Number(v.rate_percent) * 100),
        cap_per_order: v.cap_per_order,
        budget: v.budget,
        active: v.active === true,
      })}
      fields={
        <>
          <ProFormText
            name="name"
            label="活动名称"
            placeholder="如：2串1 加奖5%"
            rules={[{ required: true, message: '请填写活动名称' }]}
          />
          <ProFormSelect name="sport" label="运动" options={SPORTS} rules={[{ required: true }]} />
          <ProFormSelect
            name="pass_types"
            label="过关方式（不选为全部）"
            mode="multiple"
            options={PASS_TYPES}
            fieldProps={{ maxTagCount: 6 }}
          />
          <ProFormDateTimePicker
            name="starts_at"
            label="开始时间"
            rules={[{ required: true, message: '请选择开始时间' }]}
          />
          <ProFormDateTimePicker
            name="ends_at"
            label="结束时间"
            rules={[{ required: true, message: '请选择结束时间' }]}
          />
          <ProFormDigit
            name="rate_percent"
            label="加奖比例（%，按奖金计）"
            min={0.01}
            max={100}
            fieldProps={{ precision: 2 }}
            rules={[{ required: true, message: '请填写加奖比例' }]}
          />
          <ProFormText name="cap_per_order" label="每单最高加奖（元）" rules={amountRules()} />
          <ProFormText name="budget" label="活动预算（元，派完即止）" rules={amountRules()} />
          <ProFormDigit
            name="vip_min"
            label="VIP等级（不填为全部会员）"
            min={0}
            max={10}
            fieldProps={{ precision: 0 }}
          />
          <ProFormText name="tag" label="会员标签（不填为全部会员）" />
          <ProFormSwitch name="active" label="启用" />
        </>
      }
    />
  );
}
