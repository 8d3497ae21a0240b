import {
  ProFormDigit,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  type ProColumns,
} from '@ant-design/pro-components';
import { expertArticleBody, expertBody } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Tabs, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { beijing } from '@/lib/format.ts';
import { CrudPage } from '@/ui/CrudPage.tsx';
import { RichText } from './RichText.tsx';

type Expert = BackofficeRow<'/admin/v1/content/experts'>;
type Article = BackofficeRow<'/admin/v1/content/expert-articles'>;
const on = (v: boolean, yes: string, no = '-') => (v ? <Tag color="gold">{yes}</Tag> : no);

const expertColumns: ProColumns<Expert>[] = [
  { title: '名称', dataIndex: 'keyword', hideInTable: true },
  { title: 'ID', dataIndex: 'id', search: false, width: 60 },
  { title: '名称', dataIndex: 'name', search: false },
  { title: '头衔', dataIndex: 'title', search: false },
  { title: '分类ID', dataIndex: 'category_id', search: false },
  { title: '推广', dataIndex: 'promoted', search: false, render: (_, r) => on(r.promoted, '推广') },
  {
    title: '关联会员',
    dataIndex: 'member_id',
    search: false,
    render: (_, r) =>
      r.member_id === null ? '-' : <Link to={`/members/${r.member_id}`}>#{r.member_id}</Link>,
  },
  {
    title: '状态',
    dataIndex: 'enabled',
    valueEnum: { true: { text: '启用' }, false: { text: '停用' } },
    render: (_, r) => on(r.enabled, '启用', '停用'),
  },
];
const articleColumns: ProColumns<Article>[] = [
  { title: '标题', dataIndex: 'keyword', hideInTable: true },
  { title: 'ID', dataIndex: 'id', search: false, width: 60 },
  { title: '专家', dataIndex: 'expert_name', search: false },
  { title: '标题', dataIndex: 'title', search: false },
  { title: '阅读', dataIndex: 'views', search: false },
  {
    title: '标签',
    dataIndex: 'is_hot',
    search: false,
    render: (_, r) => (
      <>
        {on(r.is_hot, '热门', '')}
        {on(r.is_recommended, '推荐', '')}
      </>
    ),
  },
  {
    title: '状态',
    dataIndex: 'enabled',
    valueEnum: { true: { text: '已发布' }, false: { text: '已下线' } },
    render: (_, r) => on(r.enabled, '已发布', '已下线'),
  },
  { title: '发布时间', dataIndex: 'published_at', search: false, render: (_, r) => beijing(r.published_at) },
];

/** Experts and their articles (rich text sanitised by the server). */
export default function ExpertsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'experts';
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setParams({ tab: k })}
      destroyOnHidden
      items={[
        {
          key: 'experts',
          label: '专家',
          children: (
            <CrudPage
              title="专家"
              path="/admin/v1/content/experts"
              columns={expertColumns}
              body={expertBody}
              defaults={{ category_id: 1, enabled: true, promoted: false, sort: 0 }}
              toBody={(v) => ({
                ...v,
                category_id: Number(v.category_id),
                sort: Number(v.sort ?? 0),
                avatar: v.avatar ?? '',
                title: v.title ?? '',
                intro: v.intro ?? '',
                member_id: v.member_id === undefined || v.member_id === null ? null : Number(v.member_id),
              })}
              fields={
                <>
                  <ProFormText name="name" label="名称" rules={[{ required: true }]} />
                  <ProFormDigit
                    name="category_id"
                    label="分类ID"
                    fieldProps={{ precision: 0 }}
                    rules={[{ required: true }]}
                  />
                  <ProFormText name="avatar" label="头像地址" />
                  <ProFormText name="title" label="头衔" />
                  <ProFormTextArea name="intro" label="简介" />
                  <ProFormDigit name="sort" label="排序" fieldProps={{ precision: 0 }} />
                  <ProFormDigit
                    name="member_id"
                    label="关联会员ID（选填：其晒单作为专家实单展示）"
                    fieldProps={{ precision: 0 }}
                  />
                  <ProFormSwitch name="promoted" label="推广" />
                  <ProFormSwitch name="enabled" label="启用" />
                </>
              }
            />
          ),
        },
        {
          key: 'articles',
          label: '专家文章',
          children: (
            <CrudPage
              title="专家文章"
              path="/admin/v1/content/expert-articles"
              columns={articleColumns}
              body={expertArticleBody}
              defaults={{ enabled: true, is_hot: false, is_recommended: false }}
              toBody={(v) => ({
                ...v,
                expert_id: Number(v.expert_id),
                summary: v.summary ?? '',
                cover: v.cover ?? '',
              })}
              fields={
                <>
                  <ProFormDigit
                    name="expert_id"
                    label="专家ID"
                    fieldProps={{ precision: 0 }}
                    rules={[{ required: true }]}
                  />
                  <ProFormText name="title" label="标题" rules={[{ required: true }]} />
                  <ProFormTextArea name="summary" label="摘要" />
                  <RichText name="content" label="正文" />
                  <ProFormText name="cover" label="封面地址" />
                  <ProFormSwitch name="is_hot" label="热门" />
                  <ProFormSwitch name="is_recommended" label="推荐" />
                  <ProFormSwitch name="enabled" label="发布" />
                </>
              }
            />
          ),
        },
      ]}
    />
  );
}
