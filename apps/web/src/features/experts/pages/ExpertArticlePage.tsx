import { ErrorBlock, Skeleton } from 'antd-mobile';
import { EyeOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@/ui/format.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { RichText } from '@/ui/RichText.tsx';
import { PickLine } from '../components/ExpertCards.tsx';
import { ReactionBar } from '../components/ReactionBar.tsx';
import { useCountView } from '../components/use-count-view.ts';
import { useExpertArticleQuery } from '../queries.ts';
import '../../sports/sports.css';
import '../experts.css';

/** expertPages/NewExpertDetail?id= (&promo=1): an expert's article with its pick, likes and favourites. */
export default function ExpertArticlePage() {
  const navigate = useNavigate();
  const id = Number(useUrlParam('id')) || 0;
  const promo = useUrlParam('promo') === '1';
  const { data, isPending, isError } = useExpertArticleQuery(id, promo);
  useCountView('expert', data ? id : 0);

  return (
    <Page title="推荐详情">
      {id <= 0 || isError ? (
        <ErrorBlock status="empty" title="文章不存在或已下线" description="" />
      ) : isPending ? (
        <div className="article-detail">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : (
        <article className="article-detail" data-testid="expert-article">
          <h1 className="article-detail-title">{data.title}</h1>
          <button
            type="button"
            className="article-detail-author"
            onClick={() =>
              void navigate(`/expertPages/ExpertDetail?id=${data.expert_id}${promo ? '&promo=1' : ''}`)
            }
          >
            <img src={data.expert_avatar} alt="" />
            <strong>{data.expert_name}</strong>
            <span className="muted">{formatDateTime(data.published_at)}</span>
            <span className="muted">
              <EyeOutline /> {data.views}
            </span>
          </button>
          {data.pick ? (
            <div className="article-pick-box">
              <div className="article-pick-label">本场推荐</div>
              <PickLine pick={data.pick} />
            </div>
          ) : null}
          <RichText html={data.content} />
          <p className="article-disclaimer">以上内容仅为专家个人观点，不构成投注建议。理性投注，量力而行。</p>
          <ReactionBar id={data.id} likeCount={data.like_count} favoriteCount={data.favorite_count} />
        </article>
      )}
    </Page>
  );
}
