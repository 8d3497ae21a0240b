import type { RewardItem } from '@app/shared';
import { Tabs, Tag } from 'antd-mobile';
import { useState } from 'react';
import { formatDateTime } from '@/ui/format.ts';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { PagedList } from '@/ui/PagedList.tsx';
import { StatGrid } from '../components/StatGrid.tsx';
import { useInviteStatisticsQuery, useRewardsQuery, type RewardFilter } from '../queries.ts';
import '../invite.css';

const FILTERS: Array<{ key: RewardFilter; title: string }> = [
  { key: 'all', title: '全部' },
  { key: 'deposit_milestone', title: '充值达标' },
  { key: 'bet_commission', title: '投注返佣' },
];

function RewardCard({ item }: { item: RewardItem }) {
  return (
    <div className="card iv-row" data-testid="reward-item">
      <div className="iv-row-head">
        <Tag color={item.rule === 'deposit_milestone' ? 'warning' : 'primary'}>{item.rule_name}</Tag>
        <span className="hint iv-row-time">{formatDateTime(item.created_at)}</span>
      </div>
      <div className="iv-reward-body">
        <span>{item.description}</span>
        <Money className="iv-plus" value={`+${item.amount}`} />
      </div>
    </div>
  );
}

/** minePages/rewards: what the invite programme has paid me. */
export default function RewardsPage() {
  const [filter, setFilter] = useState<RewardFilter>('all');
  const rewards = useRewardsQuery(filter);
  const stats = useInviteStatisticsQuery();
  const s = stats.data;
  return (
    <Page title="邀请奖励">
      <Tabs className="sticky" activeKey={filter} onChange={(key) => setFilter(key as RewardFilter)}>
        {FILTERS.map((f) => (
          <Tabs.Tab key={f.key} title={f.title} />
        ))}
      </Tabs>
      <PagedList
        query={rewards}
        keyOf={(r) => r.id}
        renderItem={(r) => <RewardCard item={r} />}
        emptyTitle="暂无奖励记录"
        emptyDescription="好友充值达标或投注后，奖励会自动发放到这里"
        onRefresh={() => stats.refetch()}
        testId="reward-list"
        header={
          <div className="card card-gold iv-summary">
            <StatGrid
              stats={[
                { label: '累计奖励', value: s?.reward_total, money: true },
                { label: '充值达标', value: s?.deposit_reward_total, money: true },
                { label: '投注返佣', value: s?.commission_reward_total, money: true },
              ]}
            />
          </div>
        }
      />
    </Page>
  );
}
