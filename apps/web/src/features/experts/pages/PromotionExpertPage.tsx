import { useQueryClient } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { Page, Section } from '@/ui/Page.tsx';
import { BannerCarousel } from '../../notices/BannerCarousel.tsx';
import { ListState } from '../../sports/components/ListStates.tsx';
import { ExpertArticleCard, ExpertCard, LotteryArticleCard } from '../components/ExpertCards.tsx';
import {
  expertKeys,
  useExpertArticlesQuery,
  useExpertsQuery,
  usePickedLotteryArticlesQuery,
} from '../queries.ts';
import '../../sports/sports.css';
import '../experts.css';
import { ListEnd } from '@/ui/ListEnd.tsx';

/** pages/expert/promotion-expert: the promoted experts, their latest picks and promoted lottery articles (/v1/promo). */
export default function PromotionExpertPage() {
  const queryClient = useQueryClient();
  const experts = useExpertsQuery(0, true);
  const articles = useExpertArticlesQuery({}, true);
  const lottery = usePickedLotteryArticlesQuery('recommended', 3, true);
  const expertList = experts.data?.pages.flatMap((p) => p.list) ?? [];
  const list = articles.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <Page title="推广专家">
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: expertKeys.all, type: 'active' })}
      >
        <BannerCarousel pageType={3} />
        <Section title="人气专家">
          <div className="expert-list" data-testid="promo-experts">
            <ListState
              loading={experts.isPending}
              error={experts.isError}
              empty={expertList.length === 0}
              emptyTitle="暂无推广专家"
              onRetry={() => void experts.refetch()}
            >
              {expertList.map((e) => (
                <ExpertCard key={e.id} expert={e} promo />
              ))}
            </ListState>
          </div>
        </Section>
        {lottery.data && lottery.data.length > 0 ? (
          <Section title="精选资讯">
            <div className="article-list">
              {lottery.data.map((a) => (
                <LotteryArticleCard key={a.id} article={a} promo />
              ))}
            </div>
          </Section>
        ) : null}
        <Section title="最新推荐">
          <div className="article-list">
            <ListState
              loading={articles.isPending}
              error={articles.isError}
              empty={list.length === 0}
              emptyTitle="暂无推荐"
              onRetry={() => void articles.refetch()}
            >
              {list.map((a) => (
                <ExpertArticleCard key={a.id} article={a} promo />
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
        </Section>
      </PullToRefresh>
    </Page>
  );
}
