import { PlusOutlined } from '@ant-design/icons';
import {
  ModalForm,
  PageContainer,
  ProFormSelect,
  ProFormText,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { createOperatorBody, OPERATOR_ROLES } from '@app/shared/backoffice';
import type { BackofficeBody, BackofficeRow } from '@app/shared/backoffice-api';
import { App, Button, Popconfirm, Space, Tag } from 'antd';
import { useRef } from 'react';
import { useAuth } from '@/app/auth.tsx';
import { doneOrPending, post, put, validate } from '@/lib/api.ts';
import { beijing } from '@/lib/format.ts';
import { ServerTable } from '@/ui/ServerTable.tsx';

type Row = BackofficeRow<'/admin/v1/operators'>;
const roleOptions = Object.entries(OPERATOR_ROLES).map(([value, label]) => ({ value, label }));
const roleEnum = Object.fromEntries(Object.entries(OPERATOR_ROLES).map(([k, v]) => [k, { text: v }]));

/**
 * Operators: create, change role, disable, reset password or two-factor (admin only). What grants
 * powers (a new account, a role, enabling again, a reset) is only proposed here: a second admin
 * approves it in 复核中心, where a new or reset account's one-time password is shown once.
 */
export default function OperatorsPage() {
  const { message } = App.useApp();
  const { operator } = useAuth();
  const ref = useRef<ActionType>(undefined);
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      void message.success(doneOrPending(await fn(), done));
      void ref.current?.reload();
    } catch (e) {
      void message.error(e instanceof Error ? e.message : '操作失败');
    }
  };
  const columns: ProColumns<Row>[] = [
    { title: 'ID', dataIndex: 'id', search: false, width: 60 },
    { title: '用户名', dataIndex: 'username', search: false },
    { title: '关键字', dataIndex: 'keyword', hideInTable: true },
    { title: '姓名', dataIndex: 'name', search: false },
    {
      title: '角色',
      dataIndex: 'role',
      valueEnum: roleEnum,
      render: (_, r) => <Tag color="gold">{OPERATOR_ROLES[r.role]}</Tag>,
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      search: false,
      render: (_, r) => (r.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '两步验证',
      dataIndex: 'totp_enabled',
      search: false,
      render: (_, r) => (r.totp_enabled ? <Tag color="blue">已开启</Tag> : '未开启'),
    },
    {
      title: '最后登录',
      dataIndex: 'last_login_at',
      search: false,
      render: (_, r) => beijing(r.last_login_at),
    },
    {
      title: '操作',
      valueType: 'option',
      render: (_, r) =>
        r.id === operator?.id ? (
          <Tag>本人</Tag>
        ) : (
          <Space size={4} wrap>
            <ModalForm<BackofficeBody<'PUT', '/admin/v1/operators/:id'>>
              title={`修改 ${r.username}`}
              width={420}
              trigger={<a>编辑</a>}
              initialValues={{ role: r.role, name: r.name }}
              onFinish={async (v) => {
                await act(() => put('/admin/v1/operators/:id', v, { params: { id: r.id } }), '已保存');
                return true;
              }}
            >
              <ProFormText name="name" label="姓名" rules={[{ required: true }]} />
              <ProFormSelect name="role" label="角色" options={roleOptions} rules={[{ required: true }]} />
            </ModalForm>
            <Popconfirm
              title={r.enabled ? `停用 ${r.username}？其登录将立即失效` : `启用 ${r.username}？`}
              onConfirm={() =>
                act(
                  () => put('/admin/v1/operators/:id', { enabled: !r.enabled }, { params: { id: r.id } }),
                  r.enabled ? '已停用' : '已启用',
                )
              }
            >
              <a>{r.enabled ? '停用' : '启用'}</a>
            </Popconfirm>
            <Popconfirm
              title={`申请重置 ${r.username} 的密码？另一位管理员复核通过后生效，一次性密码只展示给复核人`}
              onConfirm={() =>
                act(
                  () => post('/admin/v1/operators/:id/reset-password', undefined, { params: { id: r.id } }),
                  '已提交复核',
                )
              }
            >
              <a>重置密码</a>
            </Popconfirm>
            {r.totp_enabled && (
              <Popconfirm
                title={`申请清除 ${r.username} 的两步验证？另一位管理员复核通过后生效，其需重新绑定`}
                onConfirm={() =>
                  act(
                    () => post('/admin/v1/operators/:id/reset-totp', undefined, { params: { id: r.id } }),
                    '已清除',
                  )
                }
              >
                <a>清除两步验证</a>
              </Popconfirm>
            )}
          </Space>
        ),
    },
  ];
  return (
    <PageContainer title="管理账号">
      <ServerTable
        path="/admin/v1/operators"
        rowKey="id"
        columns={columns}
        actionRef={ref}
        toolBar={[
          <ModalForm<BackofficeBody<'POST', '/admin/v1/operators'>>
            key="new"
            title="新增管理账号"
            width={460}
            trigger={
              <Button type="primary" icon={<PlusOutlined />}>
                新增账号
              </Button>
            }
            onFinish={async (v) => {
              try {
                validate(createOperatorBody, v);
                void message.success(doneOrPending(await post('/admin/v1/operators', v), '已创建'));
              } catch (e) {
                void message.error((e as Error).message);
                return false;
              }
              void ref.current?.reload();
              return true;
            }}
          >
            <ProFormText name="username" label="用户名" rules={[{ required: true }]} />
            <ProFormText name="name" label="姓名" rules={[{ required: true }]} />
            <ProFormSelect
              name="role"
              label="角色"
              options={roleOptions}
              rules={[{ required: true }]}
              extra="提交后由另一位管理员在「复核中心」通过，账号随即创建，一次性密码只展示给复核人"
            />
          </ModalForm>,
        ]}
      />
    </PageContainer>
  );
}
