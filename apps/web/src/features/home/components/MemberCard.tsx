import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { LOGIN_PATH, MINE_PATH } from '@/lib/navigation.ts';
import { Money } from '@/ui/Money.tsx';
import { RefreshButton } from '@/ui/RefreshButton.tsx';
import { UserAvatar } from '@/ui/UserAvatar.tsx';
import { VipBadge } from '../../mine/components/VipBadge.tsx';
import { useBalanceQuery, useVipQuery } from '../../mine/queries.ts';
import { useSessionStore } from '../../session/store.ts';

function LoggedInCard() {
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

function AnonymousCard() {
  const navigate = useNavigate();
  return (
    <div className="card card-gold member-card member-card-anon">
      <div className="member-anon-text">
        <strong>欢迎光临</strong>
        <span className="muted">登录后查看余额与会员特权</span>
      </div>
      <div className="member-anon-buttons">
        <Button size="small" color="primary" onClick={() => void navigate(LOGIN_PATH)}>
          登录
        </Button>
        <Button
          size="small"
          fill="outline"
          className="gold"
          onClick={() => void navigate('/pages/login/register')}
        >
          注册
        </Button>
      </div>
    </div>
  );
}

/** The member's balance and VIP level, or login and register buttons for visitors. */
export function MemberCard() {
  const loggedIn = useSessionStore((s) => Boolean(s.token && s.userinfo));
  return loggedIn ? <LoggedInCard /> : <AnonymousCard />;
}
