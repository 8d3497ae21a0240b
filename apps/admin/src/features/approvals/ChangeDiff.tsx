import { fieldLabel, valueText, type LabelContext } from '@app/shared/backoffice';
import { Table, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A field's label (packages/shared labels.ts); a key without one shows as the key. */
const labelOf = (key: string, ctx: LabelContext) => fieldLabel(key, ctx) ?? key;

/** One value as an operator reads it: 元 grouped, roles and states in words, lists line by line. */
export function showValue(key: string, v: unknown, ctx: LabelContext = {}): ReactNode {
  if (v === null || v === undefined || v === '')
    return <Typography.Text type="secondary">不限/无</Typography.Text>;
  if (Array.isArray(v) && v.length > 0)
    return (
      <div>
        {v.map((item, i) => (
          <div key={i}>{valueText(key, item, ctx)}</div>
        ))}
      </div>
    );
  return valueText(key, v, ctx);
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
export function ChangeDiff({
  before,
  after,
  targetType,
}: {
  before: unknown;
  after: unknown;
  /** What the change acts on (`withdrawal`, `operator` …): statuses and fields read by it. */
  targetType?: string;
}) {
  const ctx: LabelContext = { targetType };
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
        { title: '字段', dataIndex: 'key', width: 180, render: (k: string) => labelOf(k, ctx) },
        {
          title: '修改前',
          dataIndex: 'before',
          render: (v: unknown, r) =>
            before === null ? (
              <Typography.Text type="secondary">（新建）</Typography.Text>
            ) : (
              <Typography.Text delete={r.changed} type={r.changed ? 'secondary' : undefined}>
                {showValue(r.key, v, ctx)}
              </Typography.Text>
            ),
        },
        {
          title: '修改后',
          dataIndex: 'after',
          render: (v: unknown, r) => (
            <Typography.Text strong={r.changed} type={r.changed ? 'danger' : undefined}>
              {showValue(r.key, v, ctx)}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
