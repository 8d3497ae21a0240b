import { ErrorBlock, Skeleton, Tag } from 'antd-mobile';
import { formatDateTime } from '@/ui/format.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { RichText } from '@/ui/RichText.tsx';
import { useNoticeQuery } from '../queries.ts';
import '../notices.css';

/** noticePages/detail?id=: one notice. */
export default function NoticeDetailPage() {
  const id = Number(useUrlParam('id')) || 0;
  const { data, isPending, isError } = useNoticeQuery(id);

  return (
    <Page title="公告详情">
      {id <= 0 || isError ? (
        <ErrorBlock status="empty" title="公告不存在或已下线" description="" />
      ) : isPending ? (
        <div className="notice-detail">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : (
        <article className="notice-detail" data-testid="notice-detail">
          <h1 className="notice-detail-title">{data.title}</h1>
          <div className="notice-detail-meta">
            {data.is_top ? (
              <Tag color="danger" fill="outline">
                置顶
              </Tag>
            ) : null}
            <span>{data.category_name}</span>
            <span>{formatDateTime(data.published_at)}</span>
          </div>
          <RichText html={data.content} />
        </article>
      )}
    </Page>
  );
}
