import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { InfiniteList } from '@/ui/InfiniteList.tsx';
import { Page } from '@/ui/Page.tsx';
import { PlanCard } from '../components/PlanCard.tsx';
import { syndicatePath } from '../paths.ts';
import { useSyndicateHallQuery, type HallTab } from '../queries.ts';
import '../syndicates.css';

const TABS: Array<{ key: HallTab; title: string }> = [
  { key: 'hot', title: '最热' },
  { key: 'newest', title: '最新' },
  { key: 'progress', title: '进度' },
  { key: 'mine', title: '我的合买' },
];

/** 合买大厅: plans on sale, hottest, newest or nearest full; and the member's own and bought. */
export default function SyndicateHallPage() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<HallTab>('hot');
  const hall = useSyndicateHallQuery(tab);
  return (
    <Page title="合买大厅">
      <Tabs className="sy-tabs" activeKey={tab} onChange={(key) => setTab(key as HallTab)}>
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      <InfiniteList
        testId="syndicate-hall"
        source={{
          items: hall.data?.pages.flatMap((p) => p.list) ?? [],
          isPending: hall.isPending,
          isError: hall.isError,
          hasNextPage: hall.hasNextPage,
          isFetchingNextPage: hall.isFetchingNextPage,
          fetchNextPage: () => hall.fetchNextPage(),
        }}
        onRefresh={() => hall.refetch()}
        renderItem={(plan) => (
          <PlanCard key={plan.id} plan={plan} onOpen={() => void navigate(syndicatePath(plan.id))} />
        )}
        emptyTitle={tab === 'mine' ? '还没有参与合买' : '暂无认购中的方案'}
        emptyText="在竞彩或彩票投注单中点「合买」，和大家一起买"
      />
    </Page>
  );
}
