import { Button, Dialog, PullToRefresh } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { relaunch, HOME_PATH } from '@/lib/navigation.ts';
import { toast } from '@/lib/toast.tsx';
import { messageKeys } from '../../messages/unread.ts';
import { ExclusionBanner } from '../../responsible/components/ExclusionBanner.tsx';
import { logout } from '../../session/logout.ts';
import { sessionKeys } from '../../session/queries.ts';
import { useSessionStore } from '../../session/store.ts';
import { useAppInfo } from '../../site/queries.ts';
import { BalanceCard } from '../components/BalanceCard.tsx';
import { MenuGroups } from '../components/MenuGroups.tsx';
import { ProfileHeader } from '../components/ProfileHeader.tsx';
import { mineMenu } from '../menu.tsx';
import { mineKeys } from '../queries.ts';
import '../mine.css';

/** The "mine" tab: who I am, what I have, and where to go from here. */
export default function MinePage() {
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const user = useSessionStore((s) => (s.token ? s.userinfo : null));
  const info = useAppInfo();
  const groups = mineMenu(Boolean(user), user?.is_agent === 1, { redpacket: info.redpacket_switch === 1 });

  const refresh = async () => {
    if (!token) return;
    await Promise.allSettled([
      queryClient.refetchQueries({ queryKey: sessionKeys.me() }),
      queryClient.refetchQueries({ queryKey: mineKeys.all }),
      queryClient.refetchQueries({ queryKey: messageKeys.unread() }),
    ]);
  };

  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({
      title: '退出登录',
      content: '确定要退出当前账号吗？',
      confirmText: '退出',
      cancelText: '取消',
    });
    if (!confirmed) return;
    await logout();
    toast.success('已退出登录');
    relaunch(HOME_PATH);
  };

  return (
    <div className="page mine-page">
      <div className="page-body">
        <PullToRefresh onRefresh={refresh} disabled={!token}>
          <div className="mine-top">
            <ProfileHeader user={user} />
            {user ? <BalanceCard user={user} /> : null}
          </div>
          {user ? <ExclusionBanner /> : null}
          <MenuGroups groups={groups} />
          {user ? (
            <div className="mine-logout">
              <Button block fill="outline" color="danger" onClick={() => void confirmLogout()}>
                退出登录
              </Button>
            </div>
          ) : null}
          <p className="mine-footnote">理性投注 · 量力而行 · 未满18周岁禁止参与</p>
        </PullToRefresh>
      </div>
    </div>
  );
}
