import { Button } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '@/lib/navigation.ts';
import { useSessionStore } from '../../session/store.ts';

// A member's card and the queries behind it (balance, VIP level) load with a session: a visitor's
// home page needs only the login and register buttons.
const LoggedInCard = lazy(() => import('./LoggedInCard.tsx').then((m) => ({ default: m.LoggedInCard })));

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
  return loggedIn ? (
    <Suspense fallback={<div className="card card-gold member-card" />}>
      <LoggedInCard />
    </Suspense>
  ) : (
    <AnonymousCard />
  );
}
