import { LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { ProLayout } from '@ant-design/pro-components';
import { OPERATOR_ROLES, type PendingCounts, type Permission } from '@app/shared/backoffice';
import { Badge, Dropdown, Space, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { get } from '@/lib/api.ts';
import { subscribePending } from '@/lib/realtime.ts';
import { useAuth } from './auth.tsx';
import { menuFor } from './menu.tsx';
import { PendingContext } from './pending.ts';

const QUEUES: Array<{ key: keyof PendingCounts; label: string; path: string; permission: Permission }> = [
  { key: 'approvals', label: '待复核', path: '/approvals?status=pending', permission: 'approvals' },
  {
    key: 'deposits',
    label: '待确认充值',
    path: '/finance/deposits?status=confirming',
    permission: 'finance.orders',
  },
  {
    key: 'withdrawals_review',
    label: '待审核提现',
    path: '/finance/withdrawals?status=pending',
    permission: 'finance.orders',
  },
  {
    key: 'withdrawals_pay',
    label: '待出款',
    path: '/finance/withdrawals?status=approved',
    permission: 'finance.orders',
  },
  {
    key: 'adjustments',
    label: '待复核调整',
    path: '/adjustments?status=pending',
    permission: 'members.adjust',
  },
];

/** Menu entries that carry a live count beside their name. */
const MENU_BADGES: Partial<Record<string, keyof PendingCounts>> = { '/approvals': 'approvals' };

/** The frame of every signed-in screen: menu by role, live pending counts, the operator's menu. */
export function Layout() {
  const { operator, can, signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingCounts | null>(null);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    get('/admin/v1/pending-counts')
      .then((counts) => !cancelled && setPending(counts))
      .catch(() => undefined);
    subscribePending((counts) => setPending(counts))
      .then((s) => (cancelled ? s() : (stop = s)))
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  if (!operator) return null;
  const menu = menuFor(can);
  return (
    <PendingContext.Provider value={pending}>
      <ProLayout
        title="金彩体育 · 运营后台"
        logo="/admin/favicon.svg"
        layout="mix"
        fixSiderbar
        fixedHeader
        siderWidth={208}
        location={{ pathname: location.pathname }}
        route={{ path: '/', routes: menu.map((m) => ({ ...m, routes: m.children })) }}
        menu={{ defaultOpenAll: true }}
        token={{
          header: {
            colorBgHeader: '#1d1d1d',
            colorHeaderTitle: '#ecc6ab',
            colorTextRightActionsItem: '#eee',
          },
        }}
        menuItemRender={(item, dom) => {
          if (!item.path) return dom;
          const badge = MENU_BADGES[item.path];
          const n = badge ? (pending?.[badge] ?? 0) : 0;
          return (
            <Link
              to={item.path}
              {...(badge ? { 'data-testid': `menu-badge-${badge}`, 'data-count': n } : {})}
            >
              {badge ? (
                <Badge count={n} size="small" offset={[14, 0]} showZero={false}>
                  {dom}
                </Badge>
              ) : (
                dom
              )}
            </Link>
          );
        }}
        actionsRender={() => [
          <Space key="queues" size={16} data-testid="pending-counts">
            {QUEUES.filter((q) => can(q.permission)).map((q) => (
              <Tooltip key={q.key} title={q.label}>
                <Link to={q.path} data-testid={`pending-${q.key}`} data-count={pending?.[q.key] ?? 0}>
                  <Badge count={pending?.[q.key] ?? 0} size="small" offset={[6, -2]} showZero={false}>
                    <span style={{ color: '#eee' }}>{q.label}</span>
                  </Badge>
                </Link>
              </Tooltip>
            ))}
          </Space>,
        ]}
        avatarProps={{
          title: (
            <span style={{ color: '#eee' }} data-testid="operator-name">
              {operator.name} <Tag color="gold">{OPERATOR_ROLES[operator.role]}</Tag>
            </span>
          ),
          render: (_props, dom) => (
            <Dropdown
              menu={{
                items: [
                  { key: 'security', icon: <LockOutlined />, label: '账号安全' },
                  { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
                ],
                onClick: ({ key }) => {
                  if (key === 'security') void navigate('/security');
                  else void signOut().then(() => navigate('/login'));
                },
              }}
            >
              {dom}
            </Dropdown>
          ),
        }}
      >
        <Outlet />
      </ProLayout>
    </PendingContext.Provider>
  );
}
