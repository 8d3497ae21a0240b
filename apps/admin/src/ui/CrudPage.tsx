import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { App, Button } from 'antd';
import { useRef, type ReactNode } from 'react';
import type {
  BackofficeExportOf,
  BackofficeListPath,
  BackofficePath,
  BackofficeRow,
} from '@app/shared/backoffice-api';
import type { z } from 'zod';
import { post, put, validate } from '@/lib/api.ts';
import { ServerTable } from './ServerTable.tsx';

/** A table the console edits: its list (with export) lists, POST creates, PUT /:id saves a row by its id. */
type CrudPath = {
  [P in BackofficeListPath]: P extends BackofficePath<'POST'>
    ? `${P}/:id` extends BackofficePath<'PUT'>
      ? BackofficeRow<P> extends { id: number }
        ? P
        : never
      : never
    : never;
}[BackofficeListPath];
/** A row's id (every CrudPath row has one, the type above checks it). */
const idOf = (row: object) => (row as { id: number }).id;

export interface CrudPageProps<P extends CrudPath> {
  title: string;
  subTitle?: string;
  /** The /admin/v1 list route: GET lists, POST creates, PUT /:id saves. */
  path: P;
  columns: ProColumns<BackofficeRow<P>>[];
  /** The shared contract of the body, checked before sending. */
  body: z.ZodType;
  fields: ReactNode;
  /** Form values → request body. */
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Row → form values when editing. */
  toForm?: (row: BackofficeRow<P>) => Record<string, unknown>;
  defaults?: Record<string, unknown>;
  width?: number;
  /** Table width the columns need (px), so the fixed 操作 column never covers one. */
  scrollX?: number;
  /** false: the list has no filters (no search form). */
  search?: false;
}

/** A content table with its create and edit forms (same fields), each save audited by the server. */
export function CrudPage<P extends CrudPath>(props: CrudPageProps<P>) {
  const { message } = App.useApp();
  const ref = useRef<ActionType>(undefined);
  const save = async (id: number | null, values: Record<string, unknown>) => {
    const body = props.toBody ? props.toBody(values) : values;
    try {
      // Any of the tables: the body is the one `props.body` (the route's contract) has just passed.
      const checked = validate(props.body, body) as never;
      const path: CrudPath = props.path;
      if (id === null) await post(path, checked);
      else await put(`${path}/:id`, checked, { params: { id } });
    } catch (e) {
      void message.error((e as Error).message);
      return false;
    }
    void message.success(id === null ? '已创建' : '已保存');
    void ref.current?.reload();
    return true;
  };
  const form = (row: BackofficeRow<P> | null, trigger: ReactNode) => (
    <ModalForm<Record<string, unknown>>
      key={row ? `edit-${idOf(row)}` : 'new'}
      title={row ? `修改${props.title}` : `新增${props.title}`}
      width={props.width ?? 640}
      trigger={trigger}
      initialValues={row ? (props.toForm ? props.toForm(row) : row) : props.defaults}
      modalProps={{ destroyOnHidden: true }}
      onFinish={(values) => save(row ? idOf(row) : null, values)}
    >
      {props.fields}
    </ModalForm>
  );
  const columns: ProColumns<BackofficeRow<P>>[] = [
    ...props.columns,
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => form(row, <a data-testid={`edit-${idOf(row)}`}>编辑</a>),
    },
  ];
  return (
    <PageContainer title={props.title} subTitle={props.subTitle}>
      <ServerTable
        path={props.path}
        exportPath={`${props.path}/export` as BackofficeExportOf<P>}
        exportName={props.title}
        rowKey="id"
        columns={columns}
        actionRef={ref}
        {...(props.scrollX !== undefined ? { scrollX: props.scrollX } : {})}
        {...(props.search === false ? { search: false as const } : {})}
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
