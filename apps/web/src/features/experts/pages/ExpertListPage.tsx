import type { ExpertView } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh, SearchBar, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useDebounced } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { BannerCarousel } from '../../notices/BannerCarousel.tsx';
import { ListState } from '../../sports/components/ListStates.tsx';
import { ExpertArticleCard, LotteryArticleCard } from '../components/ExpertCards.tsx';
import {
  expertKeys,
  useExpertArticlesQuery,
  useExpertCategoriesQuery,
  useExpertsQuery,
  useLotteryArticlesQuery,
  useLotteryCategoriesQuery,
} from '../queries.ts';
import '../../sports/sports.css';
import '../experts.css';
import { ListEnd } from '@/ui/ListEnd.tsx';

function Chips({
  items,
  active,
  onChange,
}: {
  items: Array<{ id: number; name: string }>;
  active: number;
  onChange: (id: number) => void;
}) {
  return (
    <div className="chip-row expert-chips">
      {[{ id: 0, name: '全部' }, ...items].map((c) => (
        <button
          key={c.id}
          type="button"
          className={active === c.id ? 'chip active' : 'chip'}
          onClick={() => onChange(c.id)}
        >
          <span>{c.name}</span>
        </button>
      ))}
    </div>
  );
}

/** A row of the category's experts, best win rate first. */
function ExpertStrip({ experts }: { experts: ExpertView[] }) {
  const navigate = useNavigate();
  const ranked = [...experts].sort((a, b) => b.stats.win_rate - a.stats.win_rate);
  return (
    <div className="expert-strip" data-testid="expert-strip">
      {ranked.map((e) => (
        <button
          key={e.id}
          type="button"
          className="expert-chip"
          onClick={() => void navigate(`/expertPages/ExpertDetail?id=${e.id}`)}
        >
          <img src={e.avatar} alt="" />
          <strong>{e.name}</strong>
          <span className="expert-chip-rate">胜率 {e.stats.win_rate}%</span>
          {e.stats.current_streak >= 2 ? (
            <span className="expert-streak">{e.stats.current_streak}连红</span>
          ) : null}
        </button>
      ))}
    </div>
  );
}

function ExpertsTab() {
  const [categoryId, setCategoryId] = useState(0);
  const categories = useExpertCategoriesQuery();
  const experts = useExpertsQuery(categoryId);
  const articles = useExpertArticlesQuery({ categoryId });
  const expertList = experts.data?.pages.flatMap((p) => p.list) ?? [];
  const list = articles.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <>
      <Chips items={categories.data ?? []} active={categoryId} onChange={setCategoryId} />
      {expertList.length > 0 ? <ExpertStrip experts={expertList} /> : null}
      <div className="section-head expert-section-head">
        <h3 className="section-title">最新推荐</h3>
      </div>
      <div className="article-list" data-testid="expert-articles">
        <ListState
          loading={articles.isPending}
          error={articles.isError}
          empty={list.length === 0}
          emptyTitle="暂无推荐"
          onRetry={() => void articles.refetch()}
        >
          {list.map((a) => (
            <ExpertArticleCard key={a.id} article={a} />
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
    </>
  );
}

function LotteryTab() {
  const [categoryId, setCategoryId] = useState(0);
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 400);
  const categories = useLotteryCategoriesQuery();
  const articles = useLotteryArticlesQuery(search ? 0 : categoryId, search);
  const list = articles.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <>
      <div className="expert-search">
        <SearchBar placeholder="搜索彩票资讯" value={keyword} onChange={setKeyword} maxLength={50} />
      </div>
      {search ? null : <Chips items={categories.data ?? []} active={categoryId} onChange={setCategoryId} />}
      <div className="article-list" data-testid="lottery-articles">
        <ListState
          loading={articles.isPending}
          error={articles.isError}
          empty={list.length === 0}
          emptyTitle={search ? '没有找到相关资讯' : '暂无资讯'}
          onRetry={() => void articles.refetch()}
        >
          {list.map((a) => (
            <LotteryArticleCard key={a.id} article={a} />
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
    </>
  );
}

/** expertPages/ExpertList: experts with their records and picks, and lottery articles (?tab=lottery). */
export default function ExpertListPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'lottery' ? 'lottery' : 'experts';
  return (
    <Page
      title="专家推荐"
      right={
        <button
          type="button"
          className="nav-link"
          onClick={() => void navigate('/pages/expert/promotion-expert')}
        >
          推广专家
        </button>
      }
    >
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: expertKeys.all, type: 'active' })}
      >
        <BannerCarousel pageType={3} />
        <Tabs
          className="hub-tabs expert-tabs"
          activeKey={tab}
          onChange={(key) => setParams(key === 'lottery' ? { tab: 'lottery' } : {}, { replace: true })}
        >
          <Tabs.Tab key="experts" title="专家推荐" />
          <Tabs.Tab key="lottery" title="彩票资讯" />
        </Tabs>
        {tab === 'experts' ? <ExpertsTab /> : <LotteryTab />}
      </PullToRefresh>
    </Page>
  );
}
