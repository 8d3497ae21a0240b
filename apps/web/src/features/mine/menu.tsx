import {
  BankcardOutline,
  BillOutline,
  CollectMoneyOutline,
  CouponOutline,
  DownlandOutline,
  FileOutline,
  GiftOutline,
  HistogramOutline,
  MailOutline,
  MessageOutline,
  PayCircleOutline,
  ReceiptOutline,
  SetOutline,
  StarOutline,
  TeamOutline,
  UnorderedListOutline,
  UserAddOutline,
  UserSetOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { hasRoute } from '../../app/registry.ts';

export interface MenuEntry {
  path: string;
  title: string;
  icon: ReactNode;
  /** Only shown to members. */
  auth?: boolean;
  /** true: only agents see it; false: only members who are not agents. */
  agent?: boolean;
  /** Shown only while the operator has this feature on (app info's `redpacket_switch`). */
  feature?: 'redpacket';
}

export interface MenuGroup {
  title: string;
  entries: MenuEntry[];
}

/**
 * Every entry the "mine" page can offer (SPEC.md §2). An entry appears once a feature registers
 * its page, so finance, VIP, messages, invites and agents show up as their issues land.
 */
const MENU_CATALOGUE: readonly MenuGroup[] = [
  {
    title: '资金管理',
    entries: [
      { path: '/financePages/recharge', title: '充值', icon: <PayCircleOutline />, auth: true },
      { path: '/financePages/withdrawal', title: '提现', icon: <CollectMoneyOutline />, auth: true },
      { path: '/financePages/wallets', title: '提现账户', icon: <BankcardOutline />, auth: true },
      { path: '/betPages/order/list', title: '我的注单', icon: <FileOutline />, auth: true },
      { path: '/financePages/billdetails', title: '账变记录', icon: <BillOutline />, auth: true },
      { path: '/financePages/gamerecords', title: '游戏记录', icon: <ReceiptOutline />, auth: true },
      { path: '/financePages/rebaterecord', title: '返水记录', icon: <FileOutline />, auth: true },
      { path: '/financePages/bonusrecord', title: '彩金记录', icon: <GiftOutline />, auth: true },
      { path: '/financePages/comprehensive', title: '综合报表', icon: <HistogramOutline />, auth: true },
    ],
  },
  {
    title: '会员中心',
    entries: [
      { path: '/minePages/vip', title: 'VIP特权', icon: <StarOutline />, auth: true },
      { path: '/minePages/messages', title: '站内信', icon: <MailOutline />, auth: true },
      { path: '/minePages/invite', title: '邀请好友', icon: <UserAddOutline />, auth: true },
      { path: '/minePages/referrals', title: '我的下级', icon: <TeamOutline />, auth: true },
      { path: '/minePages/rewards', title: '邀请奖励', icon: <GiftOutline />, auth: true },
      { path: '/minePages/ranking', title: '邀请排行', icon: <HistogramOutline />, auth: true },
      { path: '/minePages/globalrankings', title: '全站排行', icon: <HistogramOutline /> },
      { path: '/activityPages/records', title: '活动记录', icon: <UnorderedListOutline />, auth: true },
      { path: '/minePages/free-bets', title: '免费投注券', icon: <CouponOutline />, auth: true },
      {
        path: '/redPacketPages/index',
        title: '红包',
        icon: <GiftOutline />,
        auth: true,
        feature: 'redpacket',
      },
      { path: '/minePages/agent-apply', title: '申请代理', icon: <TeamOutline />, auth: true, agent: false },
      { path: '/agentPages/agent', title: '代理中心', icon: <TeamOutline />, auth: true, agent: true },
    ],
  },
  {
    title: '服务与设置',
    entries: [
      { path: '/minePages/set', title: '账户中心', icon: <UserSetOutline />, auth: true },
      { path: '/noticePages/list', title: '平台公告', icon: <FileOutline /> },
      { path: '/pages/customer/customer', title: '在线客服', icon: <MessageOutline /> },
      { path: '/pages/download/download', title: '下载App', icon: <DownlandOutline /> },
      { path: '/minePages/setApp', title: '设置', icon: <SetOutline /> },
    ],
  },
];

/** The groups and entries whose pages exist, for a member or a visitor. */
export function mineMenu(
  loggedIn: boolean,
  isAgent = false,
  features: { redpacket: boolean } = { redpacket: false },
): MenuGroup[] {
  return MENU_CATALOGUE.map((group) => ({
    title: group.title,
    entries: group.entries.filter(
      (entry) =>
        hasRoute(entry.path) &&
        (loggedIn || !entry.auth) &&
        (entry.agent === undefined || entry.agent === isAgent) &&
        (entry.feature === undefined || features[entry.feature]),
    ),
  })).filter((group) => group.entries.length > 0);
}

/** Shortcuts on the balance card (deposit, withdraw, records) once the finance pages exist. */
export function walletShortcuts(): MenuEntry[] {
  const wanted = [
    '/financePages/recharge',
    '/financePages/withdrawal',
    '/financePages/billdetails',
    '/minePages/vip',
  ];
  return MENU_CATALOGUE.flatMap((group) => group.entries).filter(
    (entry) => wanted.includes(entry.path) && hasRoute(entry.path),
  );
}

/** Shipped test and debug pages (SPEC.md §2), listed in settings once registered. */
const DEBUG_CATALOGUE: readonly MenuEntry[] = [
  { path: '/pages/app-update/app-update', title: '应用更新', icon: null },
  { path: '/pages/debug/check-update', title: '检查更新', icon: null },
  { path: '/pages/debug/debug-update', title: '调试更新', icon: null },
  { path: '/pages/debug/simple-update-test', title: '简易更新测试', icon: null },
  { path: '/pages/debug/toast-test', title: '提示测试', icon: null },
  { path: '/pages/debug/websocket-test', title: 'WebSocket 测试', icon: null },
  { path: '/pages/debug/push-test', title: '推送测试', icon: null },
  { path: '/pages/debug/odds-api-test', title: '赔率接口测试', icon: null },
];

export function debugEntries(): MenuEntry[] {
  return DEBUG_CATALOGUE.filter((entry) => hasRoute(entry.path));
}
