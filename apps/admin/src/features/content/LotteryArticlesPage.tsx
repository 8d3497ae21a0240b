import {
  ProFormDigit,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  type ProColumns,
} from '@ant-design/pro-components';
import { categoryBody, lotteryArticleBody } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Tabs, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { beijing } from '@/lib/format.ts';
import { CrudPage } from '@/ui/CrudPage.tsx';
import { RichText } from './RichText.tsx';

type Category = BackofficeRow<'/admin/v1/content/lottery-categories'>;
type Article = BackofficeRow<'/admin/v1/content/lottery-articles'>;

/** Lottery articles and their categories. */
export default function LotteryArticlesPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'articles';
  const articleColumns: ProColumns<Article>[] = [
    { title: '标题', dataIndex: 'keyword', hideInTable: true },
    { title: 'ID', dataIndex: 'id', search: false, width: 60 },
    { title: '分类', dataIndex: 'category_name', search: false },
    { title: '标题', dataIndex: 'title', search: false },
    { title: '作者', dataIndex: 'author', search: false },
    { title: '阅读', dataIndex: 'views', search: false },
    {
      title: '状态',
      dataIndex: 'enabled',
      valueEnum: { true: { text: '已发布' }, false: { text: '已下线' } },
      render: (_, r) => (r.enabled ? <Tag color="green">已发布</Tag> : <Tag>已下线</Tag>),
    },
    {
      title: '发布时间',
      dataIndex: 'published_at',
      search: false,
      render: (_, r) => beijing(r.published_at),
    },
  ];
  const categoryColumns: ProColumns<Category>[] = [
    { title: '名称', dataIndex: 'keyword', hideInTable: true },
    { title: 'ID', dataIndex: 'id', search: false, width: 60 },
    { title: '名称', dataIndex: 'name', search: false },
    { title: '说明', dataIndex: 'description', search: false },
    { title: '排序', dataIndex: 'sort', search: false },
  ];
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setParams({ tab: k })}
      destroyOnHidden
      items={[
        {
          key: 'articles',
          label: '彩票资讯',
          children: (
            <CrudPage
              title="彩票资讯"
              path="/admin/v1/content/lottery-articles"
              columns={articleColumns}
              body={lotteryArticleBody}
              defaults={{ enabled: true, is_hot: false, is_recommended: false }}
              toBody={(v) => ({
                ...v,
                category_id: Number(v.category_id),
                summary: v.summary ?? '',
                author: v.author ?? '',
                cover: v.cover ?? '',
              })}
              fields={
                <>
                  <ProFormDigit
                    name="category_id"
                    label="分类ID"
                    fieldProps={{ precision: 0 }}
                    rules={[{ required: true }]}
                  />
                  <ProFormText name="title" label="标题" rules={[{ required: true }]} />
                  <ProFormText name="author" label="作者" />
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
        {
          key: 'categories',
          label: '资讯分类',
          children: (
            <CrudPage
              title="资讯分类"
              path="/admin/v1/content/lottery-categories"
              columns={categoryColumns}
              body={categoryBody}
              defaults={{ sort: 0 }}
              toBody={(v) => ({ ...v, sort: Number(v.sort ?? 0), description: v.description ?? '' })}
              fields={
                <>
                  <ProFormText name="name" label="名称" rules={[{ required: true }]} />
                  <ProFormTextArea name="description" label="说明" />
                  <ProFormDigit name="sort" label="排序" fieldProps={{ precision: 0 }} />
                </>
              }
            />
          ),
        },
      ]}
    />
  );
}
