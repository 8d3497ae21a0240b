import type { ReferralItem } from '@app/shared';
import { Tag } from 'antd-mobile';
import { formatDateTime } from '@/ui/format.ts';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { PagedList } from '@/ui/PagedList.tsx';
import { StatGrid } from '../components/StatGrid.tsx';
import { useInviteStatisticsQuery, useReferralsQuery } from '../queries.ts';
import '../invite.css';

function ReferralCard({ item }: { item: ReferralItem }) {
  return (
    <div className="card iv-row" data-testid="referral-item">
      <div className="iv-row-head">
        <strong>{item.username}</strong>
        {item.is_active ? <Tag color="success">已充值</Tag> : <Tag color="default">未充值</Tag>}
        <span className="hint iv-row-time">{formatDateTime(item.registered_at)}</span>
      </div>
      <div className="iv-row-figures">
        <div>
          <span className="muted">累计充值</span>
          <Money value={item.deposit_total} />
        </div>
        <div>
          <span className="muted">有效投注</span>
          <Money value={item.valid_bet_total} />
        </div>
        <div>
          <span className="muted">为我带来</span>
          <Money className="gold-text" value={item.reward_total} />
        </div>
      </div>
    </div>
  );
}

/** minePages/referrals: the members I invited, newest first. */
export default function ReferralsPage() {
  const referrals = useReferralsQuery();
  const stats = useInviteStatisticsQuery();
  const s = stats.data;
  return (
    <Page title="我的下级">
      <PagedList
        query={referrals}
        keyOf={(r) => r.id}
        renderItem={(r) => <ReferralCard item={r} />}
        emptyTitle="还没有下级"
        emptyDescription="分享邀请码或链接，好友注册后会出现在这里"
        onRefresh={() => stats.refetch()}
        testId="referral-list"
        header={
          <div className="card card-gold iv-summary">
            <StatGrid
              stats={[
                { label: '下级总数', value: s?.referral_count },
                { label: '本月新增', value: s?.month_referrals },
                { label: '下级累计充值', value: s?.referral_deposit_total, money: true },
              ]}
            />
          </div>
        }
      />
    </Page>
  );
}
