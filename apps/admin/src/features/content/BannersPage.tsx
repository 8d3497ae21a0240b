import {
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  type ProColumns,
} from '@ant-design/pro-components';
import { BANNER_PAGE_TYPES, bannerBody } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Image, Tag } from 'antd';
import dayjs from 'dayjs';
import { beijing } from '@/lib/format.ts';
import { CrudPage } from '@/ui/CrudPage.tsx';

type Banner = BackofficeRow<'/admin/v1/content/banners'>;
const pageTypes = Object.entries(BANNER_PAGE_TYPES).map(([value, label]) => ({
  value: Number(value),
  label,
}));
const isoOrNull = (v: unknown) => (v ? dayjs(v as string).toISOString() : null);

const columns: ProColumns<Banner>[] = [
  { title: '标题', dataIndex: 'keyword', hideInTable: true },
  { title: 'ID', dataIndex: 'id', search: false, width: 60 },
  {
    title: '图片',
    dataIndex: 'image_url',
    search: false,
    render: (_, r) => <Image src={r.image_url} width={120} height={48} style={{ objectFit: 'cover' }} />,
  },
  {
    title: '页面',
    dataIndex: 'category_id',
    valueType: 'select',
    fieldProps: { options: pageTypes },
    render: (_, r) => BANNER_PAGE_TYPES[r.page_type as 1],
  },
  { title: '标题', dataIndex: 'title', search: false },
  { title: '链接', dataIndex: 'link_url', search: false },
  { title: '代理', dataIndex: 'agent_id', search: false, render: (_, r) => r.agent_id ?? '通用' },
  { title: '排序', dataIndex: 'sort', search: false },
  {
    title: '展示期',
    dataIndex: 'starts_at',
    search: false,
    render: (_, r) => `${beijing(r.starts_at)} ~ ${beijing(r.ends_at)}`,
  },
  {
    title: '状态',
    dataIndex: 'enabled',
    valueEnum: { true: { text: '启用' }, false: { text: '停用' } },
    render: (_, r) => (r.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
  },
];

export default function BannersPage() {
  return (
    <CrudPage
      title="轮播图"
      path="/admin/v1/content/banners"
      columns={columns}
      body={bannerBody}
      defaults={{ page_type: 1, enabled: true, sort: 0 }}
      toBody={(v) => ({
        ...v,
        sort: Number(v.sort ?? 0),
        link_url: v.link_url ?? '',
        agent_id: v.agent_id ? Number(v.agent_id) : null,
        starts_at: isoOrNull(v.starts_at),
        ends_at: isoOrNull(v.ends_at),
      })}
      fields={
        <>
          <ProFormSelect name="page_type" label="页面" options={pageTypes} rules={[{ required: true }]} />
          <ProFormText name="title" label="标题" rules={[{ required: true }]} />
          <ProFormText name="image_url" label="图片地址" rules={[{ required: true }]} />
          <ProFormText name="link_url" label="跳转链接（应用内路由或网址）" />
          <ProFormDigit name="agent_id" label="代理ID（空 = 通用）" fieldProps={{ precision: 0 }} />
          <ProFormDigit name="sort" label="排序" fieldProps={{ precision: 0 }} />
          <ProFormDateTimePicker name="starts_at" label="开始展示" />
          <ProFormDateTimePicker name="ends_at" label="结束展示" />
          <ProFormSwitch name="enabled" label="启用" />
        </>
      }
    />
  );
}
