import {
  ModalForm,
  PageContainer,
  ProFormDigit,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { APPLICATION_STATUSES } from '@app/shared';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { App, Badge, Popconfirm, Space, Tabs, Tag } from 'antd';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { doneOrPending, post, put } from '@/lib/api.ts';
import { beijing, yuan } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { ServerTable } from '@/ui/ServerTable.tsx';

type Activity = BackofficeRow<'/admin/v1/content/activities'>;
type Application = BackofficeRow<'/admin/v1/activity-applications'>;

/** Activities (settings) and the review of their applications. */
export default function ActivitiesPage() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'activities';
  const activitiesRef = useRef<ActionType>(undefined);
  const applicationsRef = useRef<ActionType>(undefined);
  const run = async (fn: () => Promise<unknown>, done: string, ref: typeof activitiesRef) => {
    try {
      void message.success(doneOrPending(await fn(), done));
      void ref.current?.reload();
      return true;
    } catch (e) {
      void message.error((e as Error).message);
      return false;
    }
  };
  const activityColumns: ProColumns<Activity>[] = [
    { title: '标题', dataIndex: 'keyword', hideInTable: true },
    { title: 'ID', dataIndex: 'id', search: false, width: 60 },
    { title: '标题', dataIndex: 'title', search: false },
    { title: '规则', dataIndex: 'rule', search: false },
    {
      title: '审核',
      dataIndex: 'auto_approve',
      search: false,
      render: (_, r) => (r.auto_approve ? '自动通过' : '人工审核'),
    },
    { title: '打码倍数', dataIndex: 'turnover_multiple', search: false },
    {
      title: '待审核',
      dataIndex: 'pending_applications',
      search: false,
      render: (_, r) => (
        <Badge count={r.pending_applications} showZero color={r.pending_applications ? 'red' : '#bbb'} />
      ),
    },
    { title: '开始', dataIndex: 'starts_at', search: false, render: (_, r) => beijing(r.starts_at) },
    {
      title: '状态',
      dataIndex: 'enabled',
      valueEnum: { true: { text: '进行中' }, false: { text: '已下线' } },
      render: (_, r) => (r.enabled ? <Tag color="green">进行中</Tag> : <Tag>已下线</Tag>),
    },
    {
      title: '操作',
      valueType: 'option',
      render: (_, r) => (
        <ModalForm<Activity>
          title={`修改活动：${r.title}`}
          width={560}
          trigger={<a>编辑</a>}
          initialValues={r}
          modalProps={{ destroyOnHidden: true }}
          onFinish={(v) =>
            run(
              () =>
                put(
                  '/admin/v1/content/activities/:id',
                  {
                    title: v.title,
                    summary: v.summary,
                    auto_approve: v.auto_approve,
                    turnover_multiple: Number(v.turnover_multiple),
                    enabled: v.enabled,
                    sort: Number(v.sort),
                  },
                  { params: { id: r.id } },
                ),
              '已保存',
              activitiesRef,
            )
          }
        >
          <ProFormText name="title" label="标题" rules={[{ required: true }]} />
          <ProFormTextArea name="summary" label="摘要" />
          <ProFormDigit
            name="turnover_multiple"
            label="彩金打码倍数"
            min={0}
            max={100}
            fieldProps={{ precision: 0 }}
          />
          <ProFormDigit name="sort" label="排序" fieldProps={{ precision: 0 }} />
          <ProFormSwitch name="auto_approve" label="自动通过" />
          <ProFormSwitch name="enabled" label="上线" />
        </ModalForm>
      ),
    },
  ];
  const applicationColumns: ProColumns<Application>[] = [
    { title: 'ID', dataIndex: 'id', search: false, width: 60 },
    { title: '活动ID', dataIndex: 'activity_id', valueType: 'digit', render: (_, r) => r.activity_title },
    {
      title: '会员ID',
      dataIndex: 'member_id',
      valueType: 'digit',
      render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.username}</Link>,
    },
    { title: '周期', dataIndex: 'period', search: false },
    {
      title: '依据',
      dataIndex: 'basis',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.basis} />,
    },
    {
      title: '彩金',
      dataIndex: 'amount',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.amount} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueEnum: Object.fromEntries(Object.entries(APPLICATION_STATUSES).map(([k, v]) => [k, { text: v }])),
      render: (_, r) => r.status_text,
    },
    { title: '备注', dataIndex: 'review_remark', search: false, render: (_, r) => r.review_remark ?? '-' },
    { title: '申请时间', dataIndex: 'created_at', search: false, render: (_, r) => beijing(r.created_at) },
    {
      title: '操作',
      valueType: 'option',
      render: (_, r) =>
        r.status === 'pending' ? (
          <Space>
            <Popconfirm
              title={`通过并派发彩金 ${yuan(r.amount)} 元给 ${r.username}？`}
              onConfirm={() =>
                run(
                  () => post('/admin/v1/activity-applications/:id/approve', {}, { params: { id: r.id } }),
                  '已通过并派发',
                  applicationsRef,
                )
              }
            >
              <a>通过</a>
            </Popconfirm>
            <ModalForm<{ reason: string }>
              title="拒绝申请"
              width={420}
              trigger={<a>拒绝</a>}
              modalProps={{ destroyOnHidden: true }}
              onFinish={(v) =>
                run(
                  () => post('/admin/v1/activity-applications/:id/reject', v, { params: { id: r.id } }),
                  '已拒绝',
                  applicationsRef,
                )
              }
            >
              <ProFormTextArea name="reason" label="拒绝原因（会员可见）" rules={[{ required: true }]} />
            </ModalForm>
          </Space>
        ) : null,
    },
  ];
  return (
    <PageContainer title="活动与审核">
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k })}
        destroyOnHidden
        items={[
          {
            key: 'activities',
            label: '活动',
            children: (
              <ServerTable
                path="/admin/v1/content/activities"
                exportPath="/admin/v1/content/activities/export"
                rowKey="id"
                columns={activityColumns}
                actionRef={activitiesRef}
                syncToUrl={false}
              />
            ),
          },
          {
            key: 'applications',
            label: '申请审核',
            children: (
              <ServerTable
                path="/admin/v1/activity-applications"
                params={{}}
                rowKey="id"
                columns={applicationColumns}
                actionRef={applicationsRef}
                syncToUrl={false}
              />
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
