import { TabBar } from 'antd-mobile';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { visibleTabs } from './tabs.tsx';

const tabs = visibleTabs();

/** Tab pages: the page above, the bottom tab bar (#1d1d1d, selected #ecc6ab) below. */
export function TabLayout() {
  const location = useLocation();
  const navigate = useNavigate();
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
          <TabBar.Item key={tab.path} icon={tab.icon} title={tab.title} />
        ))}
      </TabBar>
    </div>
  );
}
