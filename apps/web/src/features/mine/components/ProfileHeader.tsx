import type { UserInfo } from '@app/shared';
import { Button } from 'antd-mobile';
import { RightOutline, UserOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '@/lib/navigation.ts';
import { UserAvatar } from '@/ui/UserAvatar.tsx';
import { useVipQuery } from '../queries.ts';
import { VipBadge } from './VipBadge.tsx';

function AnonymousHeader() {
  const navigate = useNavigate();
  return (
    <div className="profile-header">
      <div className="profile-avatar profile-avatar-empty">
        <UserOutline />
      </div>
      <div className="profile-main">
        <div className="profile-name">您还未登录</div>
        <div className="profile-sub">登录后查看余额、VIP 等级与专属福利</div>
        <div className="profile-auth-buttons">
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
    </div>
  );
}

/** Avatar, nickname, username and VIP level; visitors get login and register buttons instead. */
export function ProfileHeader({ user }: { user: UserInfo | null }) {
  const navigate = useNavigate();
  const vip = useVipQuery();
  if (!user) return <AnonymousHeader />;
  const level = vip.data?.vip_level ?? user.vip_level;
  return (
    <button
      type="button"
      className="profile-header clickable"
      onClick={() => void navigate('/minePages/set')}
    >
      <UserAvatar src={user.avatar} name={user.nickname || user.username} size={64} />
      <div className="profile-main">
        <div className="profile-name">{user.nickname || user.username}</div>
        <div className="profile-sub">
          账号：<span data-testid="mine-username">{user.username}</span>
        </div>
        <VipBadge level={level} name={vip.data?.level_name} />
      </div>
      <RightOutline className="profile-arrow" />
    </button>
  );
}
