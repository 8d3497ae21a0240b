import { TabBar } from 'antd-mobile';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useUnreadBadge } from '../features/messages/unread.ts';
import { visibleTabs } from './tabs.tsx';

const tabs = visibleTabs();

/** Tab pages: the page above, the bottom tab bar (#1d1d1d, selected #ecc6ab) below. */
export function TabLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  // Unread inbox messages on the mine tab (99+ above 99), kept live by the notification push.
  const unread = useUnreadBadge();
  return (
    <div className="tab-layout">
      <div className="tab-layout-page">
        <Outlet />
      </div>
      <TabBar
        className="app-tabbar"
        activeKey={location.pathname}
        onChange={(path) => void navigate(path, { replace: true })}
        safeArea
      >
        {tabs.map((tab) => (
          <TabBar.Item
            key={tab.path}
            icon={tab.icon}
            title={tab.title}
            badge={tab.key === 'mine' && unread ? unread : undefined}
          />
        ))}
      </TabBar>
    </div>
  );
}
