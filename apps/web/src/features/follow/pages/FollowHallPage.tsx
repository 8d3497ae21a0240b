import { DotLoading, ErrorBlock, InfiniteScroll, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Page } from '@/ui/Page.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { FOLLOW_BOARD_PATH, FOLLOW_SUBSCRIPTIONS_PATH, followPostPath } from '../paths.ts';
import { useFollowHallQuery, type HallTab } from '../queries.ts';
import '../follow.css';

const TABS: Array<{ key: HallTab; title: string }> = [
  { key: 'newest', title: '最新' },
  { key: 'hot', title: '最热' },
  { key: 'mine', title: '我的晒单' },
];

/** 跟单大厅: open 晒单, newest or most copied, and the member's own. */
export default function FollowHallPage() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<HallTab>('newest');
  const hall = useFollowHallQuery(tab);
  const list = hall.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Page
      title="跟单大厅"
      right={
        <span className="fl-links">
          <Link
            className="fl-board-link"
            to={FOLLOW_SUBSCRIPTIONS_PATH}
            data-testid="follow-subscriptions-link"
          >
            定制
          </Link>
          <Link className="fl-board-link" to={FOLLOW_BOARD_PATH} data-testid="follow-board-link">
            战绩榜
          </Link>
        </span>
      }
    >
      <Tabs className="fl-tabs" activeKey={tab} onChange={(key) => setTab(key as HallTab)}>
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      <div className="fl-list" data-testid="follow-hall">
        {hall.isPending ? (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        ) : hall.error && list.length === 0 ? (
          <ErrorBlock status="disconnected" title={hall.error.message} description="请稍后重试" />
        ) : list.length === 0 ? (
          <ErrorBlock
            status="empty"
            title={tab === 'mine' ? '还没有晒单' : '暂无可跟的晒单'}
            description="在注单详情中点「晒单」，分享你的赛前注单"
          />
        ) : (
          list.map((post) => (
            <PostCard key={post.id} post={post} onOpen={() => void navigate(followPostPath(post.id))} />
          ))
        )}
        <InfiniteScroll
          loadMore={() => hall.fetchNextPage().then(() => undefined)}
          hasMore={Boolean(hall.hasNextPage)}
        />
      </div>
    </Page>
  );
}
