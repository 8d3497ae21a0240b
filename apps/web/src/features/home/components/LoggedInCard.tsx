import { useNavigate } from 'react-router';
import { MINE_PATH } from '@/lib/navigation.ts';
import { Money } from '@/ui/Money.tsx';
import { RefreshButton } from '@/ui/RefreshButton.tsx';
import { UserAvatar } from '@/ui/UserAvatar.tsx';
import { VipBadge } from '../../mine/components/VipBadge.tsx';
import { useBalanceQuery, useVipQuery } from '../../mine/queries.ts';
import { useSessionStore } from '../../session/store.ts';

/** The member's card on the home page: avatar, name, VIP level and balance (MemberCard.tsx). */
export function LoggedInCard() {
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.userinfo);
  const balance = useBalanceQuery();
  const vip = useVipQuery();
  if (!user) return null;
  return (
    <div className="card card-gold member-card">
      <button type="button" className="member-identity" onClick={() => void navigate(MINE_PATH)}>
        <UserAvatar src={user.avatar} name={user.nickname || user.username} size={46} />
        <span className="member-names">
          <strong>{user.nickname || user.username}</strong>
          <VipBadge level={vip.data?.vip_level ?? user.vip_level} name={vip.data?.level_name} />
        </span>
      </button>
      <div className="member-balance">
        <span className="muted">
          余额（元）
          <RefreshButton
            label="刷新余额"
            spinning={balance.isFetching}
            onClick={() => void balance.refetch()}
          />
        </span>
        <Money className="member-balance-value" value={balance.data?.balance ?? user.balance} />
      </div>
    </div>
  );
}
