import {
  DownlandOutline,
  MessageOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  StarOutline,
  UserSetOutline,
} from 'antd-mobile-icons';
import { findRoute, hasRoute } from '@/app/registry.ts';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import { ShortcutSection } from './Shortcuts.tsx';

/** Home shortcuts; each appears once its page is registered. */
export const SERVICE_SHORTCUTS = [
  { key: 'recharge', title: '充值', path: '/financePages/recharge', icon: <PayCircleOutline /> },
  { key: 'vip', title: 'VIP特权', path: '/minePages/vip', icon: <StarOutline /> },
  { key: 'customer', title: '在线客服', path: '/pages/customer/customer', icon: <MessageOutline /> },
  { key: 'download', title: '下载App', path: '/pages/download/download', icon: <DownlandOutline /> },
  {
    key: 'tutorial',
    title: '安装教程',
    path: '/pages/download/install-tutorial',
    icon: <QuestionCircleOutline />,
  },
  { key: 'account', title: '账户中心', path: '/minePages/set', icon: <UserSetOutline /> },
];

/** Service entries whose pages exist (members-only ones for members). */
export function ServiceShortcuts() {
  const loggedIn = useSessionStore(selectLoggedIn);
  const entries = SERVICE_SHORTCUTS.filter((s) => hasRoute(s.path) && (loggedIn || !findRoute(s.path)?.auth));
  return <ShortcutSection title="便捷服务" entries={entries} testId="service-shortcuts" />;
}
