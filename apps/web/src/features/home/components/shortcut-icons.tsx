import {
  DownlandOutline,
  FireFill,
  GiftOutline,
  MessageOutline,
  PayCircleOutline,
  PlayOutline,
  QuestionCircleOutline,
  StarOutline,
  UserSetOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { BasketballIcon, FootballIcon } from './sport-icons.tsx';

/** Icons for the `icon` names of the game categories the server sends. */
export const CATEGORY_ICONS: Record<string, ReactNode> = {
  football: <FootballIcon />,
  basketball: <BasketballIcon />,
  live: <PlayOutline />,
  lottery: <GiftOutline />,
  slots: <FireFill />,
  expert: <StarOutline />,
  default: <StarOutline />,
};

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
