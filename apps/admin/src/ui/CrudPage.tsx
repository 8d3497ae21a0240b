import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { App, Button } from 'antd';
import { useRef, type ReactNode } from 'react';
import type { z } from 'zod';
import { post, put, validate } from '@/lib/api.ts';
import { ServerTable } from './ServerTable.tsx';

export interface CrudPageProps<T extends Record<string, unknown> & { id: number }> {
  title: string;
  subTitle?: string;
  /** The /admin/v1 path: GET lists, POST creates, PUT /:id saves. */
  path: string;
  columns: ProColumns<T>[];
  /** The shared contract of the body, checked before sending. */
  body: z.ZodType;
  fields: ReactNode;
  /** Form values → request body. */
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Row → form values when editing. */
  toForm?: (row: T) => Record<string, unknown>;
  defaults?: Record<string, unknown>;
  width?: number;
}

/** A content table with its create and edit forms (same fields), each save audited by the server. */
export function CrudPage<T extends Record<string, unknown> & { id: number }>(props: CrudPageProps<T>) {
  const { message } = App.useApp();
  const ref = useRef<ActionType>(undefined);
  const save = async (id: number | null, values: Record<string, unknown>) => {
    const body = props.toBody ? props.toBody(values) : values;
    try {
      validate(props.body, body);
      if (id === null) await post(props.path, body);
      else await put(`${props.path}/${id}`, body);
    } catch (e) {
      void message.error((e as Error).message);
      return false;
    }
    void message.success(id === null ? '已创建' : '已保存');
    void ref.current?.reload();
    return true;
  };
  const form = (row: T | null, trigger: ReactNode) => (
    <ModalForm<Record<string, unknown>>
      key={row ? `edit-${row.id}` : 'new'}
      title={row ? `修改${props.title}` : `新增${props.title}`}
      width={props.width ?? 640}
      trigger={trigger}
      initialValues={row ? (props.toForm ? props.toForm(row) : row) : props.defaults}
      modalProps={{ destroyOnHidden: true }}
      onFinish={(values) => save(row?.id ?? null, values)}
    >
      {props.fields}
    </ModalForm>
  );
  const columns: ProColumns<T>[] = [
    ...props.columns,
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => form(row, <a data-testid={`edit-${row.id}`}>编辑</a>),
    },
  ];
  return (
    <PageContainer title={props.title} subTitle={props.subTitle}>
      <ServerTable<T>
        path={props.path}
        exportPath={`${props.path}/export`}
        exportName={props.title}
        rowKey="id"
        columns={columns}
        actionRef={ref}
        toolBar={[
          form(
            null,
            <Button type="primary" icon={<PlusOutlined />} data-testid="create">
              新增{props.title}
            </Button>,
          ),
        ]}
      />
    </PageContainer>
  );
}
