import { useQueryClient } from '@tanstack/react-query';
import { ErrorBlock, InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { ListState } from '../../sports/components/ListStates.tsx';
import { ExpertArticleCard, ExpertStatsPanel } from '../components/ExpertCards.tsx';
import { expertKeys, useExpertArticlesQuery, useExpertQuery, useExpertSlipsQuery } from '../queries.ts';
import { PostCard } from '../../follow/components/PostCard.tsx';
import { followPostPath } from '../../follow/paths.ts';
import '../../sports/sports.css';
import '../experts.css';
import { ListEnd } from '@/ui/ListEnd.tsx';

/** expertPages/ExpertDetail?id= (&promo=1): an expert, their record and their articles. */
export default function ExpertDetailPage() {
  const queryClient = useQueryClient();
  const id = Number(useUrlParam('id')) || 0;
  const promo = useUrlParam('promo') === '1';
  const expert = useExpertQuery(id, promo);
  const articles = useExpertArticlesQuery({ expertId: id }, promo);
  const slips = useExpertSlipsQuery(id, Boolean(expert.data?.has_slips) && !promo);
  const navigate = useNavigate();
  const list = articles.data?.pages.flatMap((p) => p.list) ?? [];

  if (id <= 0 || expert.isError) {
    return (
      <Page title="专家详情">
        <ErrorBlock status="empty" title="专家不存在" description="" />
      </Page>
    );
  }
  return (
    <Page title="专家详情">
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: expertKeys.all, type: 'active' })}
      >
        {expert.isPending ? (
          <div className="expert-profile">
            <Skeleton.Paragraph lineCount={4} animated />
          </div>
        ) : (
          <section className="expert-profile" data-testid="expert-profile">
            <div className="expert-profile-head">
              <img className="expert-avatar large" src={expert.data.avatar} alt="" />
              <div>
                <h2 className="expert-profile-name">{expert.data.name}</h2>
                <div className="expert-title">
                  {expert.data.category_name} · {expert.data.title}
                </div>
              </div>
            </div>
            <p className="expert-intro">{expert.data.intro}</p>
            <ExpertStatsPanel stats={expert.data.stats} />
          </section>
        )}
        {expert.data?.has_slips && !promo ? (
          <>
            <div className="section-head expert-section-head">
              <h3 className="section-title">TA的实单</h3>
              {slips.data ? <span className="muted">共{slips.data.total}单</span> : null}
            </div>
            <div className="fl-list" data-testid="expert-slips">
              {(slips.data?.list ?? []).map((post) => (
                <PostCard key={post.id} post={post} onOpen={() => void navigate(followPostPath(post.id))} />
              ))}
              {slips.data && slips.data.list.length === 0 ? <p className="muted">暂无实单</p> : null}
            </div>
          </>
        ) : null}
        <div className="section-head expert-section-head">
          <h3 className="section-title">TA的推荐</h3>
          {expert.data ? <span className="muted">共{expert.data.article_count}篇</span> : null}
        </div>
        <div className="article-list">
          <ListState
            loading={articles.isPending}
            error={articles.isError}
            empty={list.length === 0}
            emptyTitle="暂无文章"
            onRetry={() => void articles.refetch()}
          >
            {list.map((a) => (
              <ExpertArticleCard key={a.id} article={a} promo={promo} />
            ))}
            <InfiniteScroll
              loadMore={async () => void (await articles.fetchNextPage())}
              hasMore={articles.hasNextPage}
            >
              <ListEnd
                more={articles.hasNextPage}
                loading={articles.isFetchingNextPage}
                className="list-end"
                end="没有更多了"
              />
            </InfiniteScroll>
          </ListState>
        </div>
      </PullToRefresh>
    </Page>
  );
}
