import {
  ModalForm,
  PageContainer,
  ProFormText,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { App, Button, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { betLimitBody } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { doneOrPending, put, validate } from '@/lib/api.ts';
import { beijing } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { ServerTable } from '@/ui/ServerTable.tsx';
import { amountRules } from '@/ui/amount.ts';
import { BookPanel } from './BookPanel.tsx';

type Row = BackofficeRow<'/admin/v1/sports/limits'>;
interface Form {
  member: string;
  max_stake?: string;
  max_payout_per_match?: string;
  reason: string;
}

function LimitForm({ row, onDone }: { row?: Row; onDone: () => void }) {
  const { message } = App.useApp();
  return (
    <ModalForm<Form>
      title={row ? `修改 ${row.username} 的限额` : '设置会员限额'}
      width={480}
      trigger={
        row ? (
          <a data-testid={`limit-${row.member_id}`}>修改</a>
        ) : (
          <Button type="primary" data-testid="new-limit">
            设置限额
          </Button>
        )
      }
      initialValues={
        row
          ? {
              member: row.username,
              max_stake: row.max_stake ?? '',
              max_payout_per_match: row.max_payout_per_match ?? '',
            }
          : {}
      }
      modalProps={{ destroyOnHidden: true }}
      onFinish={async (v) => {
        try {
          const body = validate(betLimitBody, {
            member: v.member,
            max_stake: v.max_stake ? v.max_stake : null,
            max_payout_per_match: v.max_payout_per_match ? v.max_payout_per_match : null,
            reason: v.reason,
          });
          const saved = await put('/admin/v1/sports/limits', body);
          void message.success(doneOrPending(saved, saved ? '已保存' : '已取消限额'));
          onDone();
          return true;
        } catch (e) {
          void message.error((e as Error).message);
          return false;
        }
      }}
    >
      <ProFormText
        name="member"
        label="会员账号或ID"
        disabled={!!row}
        rules={[{ required: true, message: '请填写会员账号' }]}
      />
      <ProFormText
        name="max_stake"
        label="单笔最高投注（元，留空为不限）"
        rules={amountRules({ optional: true, allowZero: true })}
      />
      <ProFormText
        name="max_payout_per_match"
        label="单场最高可赢（元，留空为不限；按该会员未结注单的最高奖金累计）"
        rules={amountRules({ optional: true, allowZero: true })}
      />
      <Typography.Paragraph type="secondary">
        两项都留空即取消该会员的限额。会员投注时在事务内校验，超出会提示剩余额度。提高或取消限额须另一位管理员在「复核中心」复核后生效。
      </Typography.Paragraph>
      <ProFormTextArea name="reason" label="原因" rules={[{ required: true, message: '请填写原因' }]} />
    </ModalForm>
  );
}

/**
 * Sports limits: per member (the most one order stakes and the most one match can pay them) and
 * the book's (liability per outcome of open matches against its caps).
 */
export default function LimitsPage() {
  const [tab, setTab] = useState<'members' | 'book'>('members');
  const ref = useRef<ActionType>(undefined);
  const reload = () => void ref.current?.reload();
  const columns: ProColumns<Row>[] = [
    { title: '会员账号', dataIndex: 'keyword', hideInTable: true },
    {
      title: '会员',
      dataIndex: 'username',
      search: false,
      render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.username}</Link>,
    },
    {
      title: '单笔最高投注',
      dataIndex: 'max_stake',
      search: false,
      align: 'right',
      render: (_, r) => (r.max_stake ? <Money value={r.max_stake} /> : '不限'),
    },
    {
      title: '单场最高可赢',
      dataIndex: 'max_payout_per_match',
      search: false,
      align: 'right',
      render: (_, r) => (r.max_payout_per_match ? <Money value={r.max_payout_per_match} /> : '不限'),
    },
    { title: '原因', dataIndex: 'reason', search: false },
    { title: '修改时间', dataIndex: 'updated_at', search: false, render: (_, r) => beijing(r.updated_at) },
    { title: '操作', valueType: 'option', render: (_, r) => <LimitForm row={r} onDone={reload} /> },
  ];
  return (
    <PageContainer
      title="会员限额"
      tabActiveKey={tab}
      onTabChange={(key) => setTab(key === 'book' ? 'book' : 'members')}
      tabList={[
        { key: 'members', tab: '会员限额' },
        { key: 'book', tab: '结果负债与上限' },
      ]}
    >
      {tab === 'book' ? (
        <BookPanel />
      ) : (
        <ServerTable
          path="/admin/v1/sports/limits"
          exportPath="/admin/v1/sports/limits/export"
          exportName="会员限额"
          rowKey="member_id"
          columns={columns}
          actionRef={ref}
          toolBar={[<LimitForm key="new" onDone={reload} />]}
        />
      )}
    </PageContainer>
  );
}
