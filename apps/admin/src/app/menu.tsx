import {
  ApartmentOutlined,
  ApiOutlined,
  AuditOutlined,
  BarChartOutlined,
  CustomerServiceOutlined,
  TrophyOutlined,
  DashboardOutlined,
  FileTextOutlined,
  NumberOutlined,
  NotificationOutlined,
  PayCircleOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Permission } from '@app/shared/backoffice';
import type { ReactNode } from 'react';

export interface MenuEntry {
  path: string;
  name: string;
  icon?: ReactNode;
  permission: Permission;
  children?: MenuEntry[];
}

/** The console's menu; an entry shows only when the operator's role holds its permission. */
export const MENU: MenuEntry[] = [
  { path: '/', name: '概览', icon: <DashboardOutlined />, permission: 'dashboard' },
  { path: '/approvals', name: '复核中心', icon: <SafetyCertificateOutlined />, permission: 'approvals' },
  {
    path: '/members',
    name: '会员',
    icon: <UserOutlined />,
    permission: 'members.read',
    children: [
      { path: '/members', name: '会员列表', permission: 'members.read' },
      { path: '/adjustments', name: '人工调整', permission: 'members.adjust' },
      { path: '/members/wallet-conflicts', name: '绑定冲突', permission: 'members.read' },
      { path: '/members/sms', name: '短信记录', permission: 'members.read' },
    ],
  },
  {
    path: '/finance',
    name: '财务',
    icon: <PayCircleOutlined />,
    permission: 'finance.orders',
    children: [
      { path: '/finance/deposits', name: '充值订单', permission: 'finance.orders' },
      { path: '/finance/withdrawals', name: '提现管理', permission: 'finance.orders' },
      { path: '/finance/gateway-notifications', name: '网关通知', permission: 'finance.orders' },
      { path: '/finance/settings', name: '财务设置', permission: 'finance.settings' },
    ],
  },
  {
    path: '/content',
    name: '内容',
    icon: <NotificationOutlined />,
    permission: 'messages',
    children: [
      { path: '/content/notices', name: '公告', permission: 'content' },
      { path: '/content/banners', name: '轮播图', permission: 'content' },
      { path: '/content/activities', name: '活动与审核', permission: 'activities' },
      { path: '/content/red-packets', name: '红包', permission: 'activities' },
      { path: '/content/free-bets', name: '免费投注券', permission: 'activities' },
      { path: '/content/experts', name: '专家与文章', permission: 'content' },
      { path: '/content/lottery-articles', name: '彩票资讯', permission: 'content' },
      { path: '/content/messages', name: '站内信', permission: 'messages' },
      { path: '/content/app-config', name: '应用配置', permission: 'content' },
    ],
  },
  {
    path: '/sports',
    name: '体育',
    icon: <TrophyOutlined />,
    permission: 'sports',
    children: [
      { path: '/sports/matches', name: '赛事与风控', permission: 'sports' },
      { path: '/sports/feed-corrections', name: '赛果更正提醒', permission: 'sports' },
      { path: '/sports/limits', name: '会员限额', permission: 'sports' },
      { path: '/sports/boosts', name: '加奖活动', permission: 'sports' },
      { path: '/sports/cash-out', name: '提前结算', permission: 'sports' },
      { path: '/sports/refusals', name: '拒单记录', permission: 'sports' },
      { path: '/sports/follow', name: '晒单跟单', permission: 'sports' },
      { path: '/sports/syndicates', name: '合买方案', permission: 'sports' },
    ],
  },
  {
    path: '/lottery',
    name: '彩票',
    icon: <NumberOutlined />,
    permission: 'lottery',
    children: [
      { path: '/lottery/games', name: '彩种管理', permission: 'lottery' },
      { path: '/lottery/periods', name: '期号与开奖', permission: 'lottery' },
      { path: '/lottery/chases', name: '追号记录', permission: 'lottery' },
    ],
  },
  {
    path: '/agents',
    name: '代理与邀请',
    icon: <ApartmentOutlined />,
    permission: 'agents',
    children: [
      { path: '/agents/applications', name: '代理申请', permission: 'agents' },
      { path: '/agents/list', name: '代理列表', permission: 'agents' },
      { path: '/agents/rewards', name: '邀请奖励', permission: 'agents' },
      { path: '/agents/rules', name: '邀请规则', permission: 'agents' },
    ],
  },
  {
    path: '/support',
    name: '在线客服',
    icon: <CustomerServiceOutlined />,
    permission: 'support',
    children: [
      { path: '/support/desk', name: '客服工作台', permission: 'support' },
      { path: '/support/history', name: '会话记录', permission: 'support' },
      { path: '/support/canned-replies', name: '快捷回复', permission: 'support' },
      { path: '/support/settings', name: '客服设置', permission: 'support' },
    ],
  },
  { path: '/reports', name: '报表', icon: <BarChartOutlined />, permission: 'reports' },
  { path: '/audit', name: '审计日志', icon: <AuditOutlined />, permission: 'audit' },
  {
    path: '/system',
    name: '系统',
    icon: <ApiOutlined />,
    permission: 'audit',
    children: [
      { path: '/system/adapter-calls', name: '外部调用', permission: 'audit' },
      { path: '/system/history', name: '历史归档', permission: 'audit' },
    ],
  },
  { path: '/operators', name: '管理账号', icon: <TeamOutlined />, permission: 'operators' },
  { path: '/security', name: '账号安全', icon: <FileTextOutlined />, permission: 'dashboard' },
];

/** The menu as the operator may see it: entries (and children) they hold the permission for. */
export function menuFor(allowed: (p: Permission) => boolean): MenuEntry[] {
  return MENU.filter((m) => allowed(m.permission))
    .map((m) => (m.children ? { ...m, children: m.children.filter((c) => allowed(c.permission)) } : m))
    .filter((m) => !m.children || m.children.length > 0);
}
