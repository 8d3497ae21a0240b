import { ErrorBlock, Skeleton } from 'antd-mobile';
import { EyeOutline } from 'antd-mobile-icons';
import { useLocation } from 'react-router';
import { formatDateTime } from '@/ui/format.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { RichText } from '@/ui/RichText.tsx';
import { useCountView } from '../components/use-count-view.ts';
import { useLotteryArticleQuery } from '../queries.ts';
import '../../sports/sports.css';
import '../experts.css';

/**
 * expertPages/LotteryArticleDetail?id= and, for the promotion pages, NewLotteryArticleDetail?id=
 * (served from /v1/promo): one lottery article.
 */
export default function LotteryArticlePage() {
  const promo = useLocation().pathname.includes('NewLotteryArticleDetail');
  const id = Number(useUrlParam('id')) || 0;
  const { data, isPending, isError } = useLotteryArticleQuery(id, promo);
  useCountView('lottery', data ? id : 0);

  return (
    <Page title="彩票资讯">
      {id <= 0 || isError ? (
        <ErrorBlock status="empty" title="文章不存在或已下线" description="" />
      ) : isPending ? (
        <div className="article-detail">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : (
        <article className="article-detail" data-testid="lottery-article">
          <h1 className="article-detail-title">{data.title}</h1>
          <div className="article-detail-author static">
            <span className="article-category">{data.category_name}</span>
            <strong>{data.author}</strong>
            <span className="muted">{formatDateTime(data.published_at)}</span>
            <span className="muted">
              <EyeOutline /> {data.views}
            </span>
          </div>
          <RichText html={data.content} />
          <p className="article-disclaimer">
            彩票开奖每期独立随机，历史走势不能预测结果。理性购彩，量力而行。
          </p>
        </article>
      )}
    </Page>
  );
}
