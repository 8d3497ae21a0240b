import { AppOutline, GiftOutline, MessageOutline, TravelOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { hasRoute } from './registry.ts';

export interface TabDefinition {
  key: string;
  path: string;
  title: string;
  icon: ReactNode;
}

/** The bottom tab bar in SPEC.md §2 order. A tab shows once its page is registered. */
export const TAB_CATALOGUE: readonly TabDefinition[] = [
  { key: 'home', path: '/pages/home/home', title: '首页', icon: <AppOutline /> },
  { key: 'activity', path: '/pages/activity/activity', title: '活动', icon: <GiftOutline /> },
  { key: 'gameplay', path: '/pages/gameplay/gameplay', title: '竞猜', icon: <TravelOutline /> },
  { key: 'customer', path: '/pages/customer/customer', title: '客服', icon: <MessageOutline /> },
  { key: 'mine', path: '/pages/mine/mine', title: '我的', icon: <UserOutline /> },
];

export const TAB_PATHS = new Set(TAB_CATALOGUE.map((tab) => tab.path));

export function visibleTabs(): TabDefinition[] {
  return TAB_CATALOGUE.filter((tab) => hasRoute(tab.path));
}
