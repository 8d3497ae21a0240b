import {
  ModalForm,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Table, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { bookCapBody } from '@app/shared/backoffice';
import type { BackofficeResponse, BackofficeRow } from '@app/shared/backoffice-api';
import { doneOrPending, get, put, validate } from '@/lib/api.ts';
import { PendingChangesBanner } from '@/features/approvals/PendingChangesBanner.tsx';
import { beijing } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { ServerTable } from '@/ui/ServerTable.tsx';
import { amountRules } from '@/ui/amount.ts';

type Exposure = BackofficeRow<'/admin/v1/sports/book/exposure'>;
type Caps = BackofficeResponse<'GET', '/admin/v1/sports/book/caps'>;
type Cap = Caps['list'][number];

const SCOPE_NAMES = {
  match: '比赛',
  play_type: '玩法',
  sport: '体育项目',
  member_default: '会员默认限额',
  default: '默认',
} as const;
const CAPS_KEY = ['sports', 'book', 'caps'] as const;

interface Form {
  scope: Cap['scope'];
  key: string;
  max_liability?: string;
  reason: string;
}

function CapForm({ row, preset, onDone }: { row?: Cap; preset?: Partial<Form>; onDone: () => void }) {
  const { message } = App.useApp();
  return (
    <ModalForm<Form>
      title={row ? `修改上限 ${SCOPE_NAMES[row.scope]} ${row.key}` : '设置负债上限'}
      width={480}
      trigger={
        row || preset ? (
          <a data-testid={`cap-${row ? `${row.scope}-${row.key}` : `match-${preset?.key ?? ''}`}`}>
            设置上限
          </a>
        ) : (
          <Button type="primary" data-testid="new-cap">
            设置上限
          </Button>
        )
      }
      initialValues={
        row ? { scope: row.scope, key: row.key, max_liability: row.max_liability } : (preset ?? {})
      }
      modalProps={{ destroyOnHidden: true }}
      onFinish={async (v) => {
        try {
          const body = validate(bookCapBody, {
            scope: v.scope,
            key: v.key,
            max_liability: v.max_liability ? v.max_liability : null,
            reason: v.reason,
          });
          const saved = await put('/admin/v1/sports/book/caps', body);
          void message.success(doneOrPending(saved, v.max_liability ? '已保存' : '已取消上限'));
          onDone();
          return true;
        } catch (e) {
          void message.error((e as Error).message);
          return false;
        }
      }}
    >
      <ProFormSelect
        name="scope"
        label="范围"
        disabled={!!row}
        options={[
          { value: 'match', label: '比赛（填比赛ID）' },
          { value: 'play_type', label: '玩法（如 football.winDrawLose）' },
          { value: 'sport', label: '体育项目（football / basketball）' },
          {
            value: 'member_default',
            label: '会员默认限额（max_stake 单笔 / max_payout_per_match 单场可赢）',
          },
        ]}
        rules={[{ required: true, message: '请选择范围' }]}
      />
      <ProFormText name="key" label="比赛ID / 玩法 / 项目" disabled={!!row} rules={[{ required: true }]} />
      <ProFormText
        name="max_liability"
        label="单一结果最高负债（元，留空为取消该行）"
        rules={amountRules({ optional: true, allowZero: true })}
      />
      <Typography.Paragraph type="secondary">
        负债 =
        该结果打出时需派出的奖金减去本金（串关按整单最高奖金计入每一场）。比赛优先于玩法，玩法优先于项目。
        会员投注在事务内校验，超出时提示本场最高可投金额。提高或取消上限须另一位管理员在「复核中心」复核后生效。
      </Typography.Paragraph>
      <ProFormTextArea name="reason" label="原因" rules={[{ required: true, message: '请填写原因' }]} />
    </ModalForm>
  );
}

/** The book's limits: liability per outcome of open matches (biggest first) and the caps that bind them. */
export function BookPanel() {
  const ref = useRef<ActionType>(undefined);
  const queryClient = useQueryClient();
  const { data: caps } = useQuery({ queryKey: CAPS_KEY, queryFn: () => get('/admin/v1/sports/book/caps') });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: CAPS_KEY });
    void ref.current?.reload();
  };
  const columns: ProColumns<Exposure>[] = [
    { title: '比赛ID', dataIndex: 'match_id', hideInTable: true },
    {
      title: '比赛',
      dataIndex: 'match_no',
      search: false,
      render: (_, r) => `${r.match_no} ${r.home} vs ${r.away}`,
    },
    { title: '开赛', dataIndex: 'kickoff_at', search: false, render: (_, r) => beijing(r.kickoff_at) },
    { title: '玩法', dataIndex: 'play_name', search: false },
    { title: '结果', dataIndex: 'option_name', search: false },
    {
      title: '负债',
      dataIndex: 'liability',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.liability} />,
    },
    {
      title: '上限',
      dataIndex: 'cap',
      search: false,
      align: 'right',
      render: (_, r) => (
        <>
          <Money value={r.cap} /> <Tag>{SCOPE_NAMES[r.cap_scope]}</Tag>
        </>
      ),
    },
    {
      title: '剩余额度',
      dataIndex: 'room',
      search: false,
      align: 'right',
      render: (_, r) => (
        <Typography.Text
          type={r.room.startsWith('-') || Number(r.room) < Number(r.cap) * 0.1 ? 'danger' : undefined}
        >
          <Money value={r.room} />
        </Typography.Text>
      ),
    },
    {
      title: '操作',
      valueType: 'option',
      render: (_, r) => <CapForm preset={{ scope: 'match', key: String(r.match_id) }} onDone={reload} />,
    },
  ];
  return (
    <>
      <Card
        title="单一结果负债上限"
        size="small"
        style={{ marginBottom: 16 }}
        extra={<CapForm onDone={reload} />}
      >
        <PendingChangesBanner kind="sports.book_cap" />
        <Typography.Paragraph type="secondary">
          未单独设置的结果按默认上限 {caps ? <Money value={caps.default_cap} /> : '—'} 元。
        </Typography.Paragraph>
        <Table<Cap>
          size="small"
          rowKey={(r) => `${r.scope}:${r.key}`}
          pagination={false}
          dataSource={caps?.list ?? []}
          columns={[
            { title: '范围', dataIndex: 'scope', render: (v: Cap['scope']) => SCOPE_NAMES[v] },
            { title: '比赛ID / 玩法 / 项目', dataIndex: 'key' },
            {
              title: '上限',
              dataIndex: 'max_liability',
              align: 'right',
              render: (v: string) => <Money value={v} />,
            },
            { title: '原因', dataIndex: 'reason' },
            { title: '修改时间', dataIndex: 'updated_at', render: (v: string) => beijing(v) },
            { title: '操作', render: (_, r) => <CapForm row={r} onDone={reload} /> },
          ]}
        />
      </Card>
      <ServerTable
        path="/admin/v1/sports/book/exposure"
        exportPath="/admin/v1/sports/book/exposure/export"
        exportName="负债"
        rowKey="key"
        columns={columns}
        actionRef={ref}
      />
    </>
  );
}
