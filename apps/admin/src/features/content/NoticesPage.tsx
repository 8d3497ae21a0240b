import {
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  type ProColumns,
} from '@ant-design/pro-components';
import { NOTICE_CATEGORIES, noticeBody } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Tag } from 'antd';
import { beijing } from '@/lib/format.ts';
import { CrudPage } from '@/ui/CrudPage.tsx';
import { RichText } from './RichText.tsx';

type Notice = BackofficeRow<'/admin/v1/content/notices'>;
const categories = Object.entries(NOTICE_CATEGORIES).map(([value, label]) => ({
  value: Number(value),
  label,
}));

const columns: ProColumns<Notice>[] = [
  { title: '标题', dataIndex: 'keyword', hideInTable: true },
  { title: 'ID', dataIndex: 'id', search: false, width: 60 },
  {
    title: '分类',
    dataIndex: 'category_id',
    valueType: 'select',
    fieldProps: { options: categories },
    render: (_, r) => NOTICE_CATEGORIES[r.category_id as keyof typeof NOTICE_CATEGORIES],
  },
  {
    title: '标题',
    dataIndex: 'title',
    search: false,
    render: (_, r) =>
      r.is_top ? (
        <>
          <Tag color="red">置顶</Tag>
          {r.title}
        </>
      ) : (
        r.title
      ),
  },
  { title: '排序', dataIndex: 'sort', search: false, width: 60 },
  {
    title: '状态',
    dataIndex: 'enabled',
    valueEnum: { true: { text: '已发布' }, false: { text: '已下线' } },
    render: (_, r) => (r.enabled ? <Tag color="green">已发布</Tag> : <Tag>已下线</Tag>),
  },
  { title: '发布时间', dataIndex: 'published_at', search: false, render: (_, r) => beijing(r.published_at) },
];

/** Notices by SPEC category (home, betting, recharge, withdraw). */
export default function NoticesPage() {
  return (
    <CrudPage
      title="公告"
      subTitle="保存后会员端立即可见；内容中的不安全标签会被清理"
      path="/admin/v1/content/notices"
      columns={columns}
      body={noticeBody}
      defaults={{ category_id: 1, enabled: true, is_top: false, sort: 0 }}
      toBody={(v) => ({ ...v, sort: Number(v.sort ?? 0), summary: v.summary ?? '' })}
      fields={
        <>
          <ProFormSelect name="category_id" label="分类" options={categories} rules={[{ required: true }]} />
          <ProFormText name="title" label="标题" rules={[{ required: true, message: '请输入标题' }]} />
          <ProFormTextArea name="summary" label="摘要" />
          <RichText name="content" label="内容" />
          <ProFormDigit name="sort" label="排序" min={0} max={9999} fieldProps={{ precision: 0 }} />
          <ProFormSwitch name="is_top" label="置顶" />
          <ProFormSwitch name="enabled" label="发布" />
        </>
      }
    />
  );
}
