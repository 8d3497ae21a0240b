import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, useNavigate } from 'react-router';
import type { Permission } from '@app/shared/backoffice';
import { setSessionProblemHandler } from '@/lib/api.ts';
import { AuthProvider, useAuth } from './auth.tsx';
import { Layout } from './Layout.tsx';

dayjs.locale('zh-cn');

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5_000 } },
});

const LoginPage = lazy(() => import('@/features/auth/LoginPage.tsx'));
const SecurityPage = lazy(() => import('@/features/auth/SecurityPage.tsx'));
const DashboardPage = lazy(() => import('@/features/dashboard/DashboardPage.tsx'));
const OperatorsPage = lazy(() => import('@/features/operators/OperatorsPage.tsx'));
const ApprovalsPage = lazy(() => import('@/features/approvals/ApprovalsPage.tsx'));
const AuditPage = lazy(() => import('@/features/audit/AuditPage.tsx'));
const AdapterCallsPage = lazy(() => import('@/features/system/AdapterCallsPage.tsx'));
const HistoryPage = lazy(() => import('@/features/system/HistoryPage.tsx'));
const MembersPage = lazy(() => import('@/features/members/MembersPage.tsx'));
const MemberDetailPage = lazy(() => import('@/features/members/MemberDetailPage.tsx'));
const AdjustmentsPage = lazy(() => import('@/features/members/AdjustmentsPage.tsx'));
const WalletConflictsPage = lazy(() => import('@/features/members/WalletConflictsPage.tsx'));
const SmsRecordsPage = lazy(() => import('@/features/members/SmsRecordsPage.tsx'));
const DepositsPage = lazy(() => import('@/features/finance/DepositsPage.tsx'));
const WithdrawalsPage = lazy(() => import('@/features/finance/WithdrawalsPage.tsx'));
const GatewayNotificationsPage = lazy(() => import('@/features/finance/GatewayNotificationsPage.tsx'));
const FinanceSettingsPage = lazy(() => import('@/features/finance/FinanceSettingsPage.tsx'));
const NoticesPage = lazy(() => import('@/features/content/NoticesPage.tsx'));
const BannersPage = lazy(() => import('@/features/content/BannersPage.tsx'));
const ActivitiesPage = lazy(() => import('@/features/content/ActivitiesPage.tsx'));
const RedPacketsPage = lazy(() => import('@/features/red-packets/RedPacketsPage.tsx'));
const FreeBetsPage = lazy(() => import('@/features/free-bets/FreeBetsPage.tsx'));
const ExpertsPage = lazy(() => import('@/features/content/ExpertsPage.tsx'));
const LotteryArticlesPage = lazy(() => import('@/features/content/LotteryArticlesPage.tsx'));
const MessagesPage = lazy(() => import('@/features/content/MessagesPage.tsx'));
const AppConfigPage = lazy(() => import('@/features/content/AppConfigPage.tsx'));
const SportsPage = lazy(() => import('@/features/sports/SportsPage.tsx'));
const LimitsPage = lazy(() => import('@/features/sports/LimitsPage.tsx'));
const BoostsPage = lazy(() => import('@/features/sports/BoostsPage.tsx'));
const RefusalsPage = lazy(() => import('@/features/sports/RefusalsPage.tsx'));
const FeedCorrectionsPage = lazy(() => import('@/features/sports/FeedCorrectionsPage.tsx'));
const CashOutPage = lazy(() => import('@/features/sports/CashOutPage.tsx'));
const ReportsPage = lazy(() => import('@/features/reports/ReportsPage.tsx'));
const agentsPages = () => import('@/features/agents/AgentsPages.tsx');
const AgentApplicationsPage = lazy(() => agentsPages().then((m) => ({ default: m.AgentApplicationsPage })));
const AgentsPage = lazy(() => agentsPages().then((m) => ({ default: m.AgentsPage })));
const InviteRewardsPage = lazy(() => agentsPages().then((m) => ({ default: m.InviteRewardsPage })));
const InviteRulesPage = lazy(() => agentsPages().then((m) => ({ default: m.InviteRulesPage })));
const LotteryGamesPage = lazy(() =>
  import('@/features/lottery/LotteryPage.tsx').then((m) => ({ default: m.LotteryGamesPage })),
);
const LotteryPeriodsPage = lazy(() =>
  import('@/features/lottery/LotteryPage.tsx').then((m) => ({ default: m.LotteryPeriodsPage })),
);
const FollowPage = lazy(() =>
  import('@/features/follow/FollowPage.tsx').then((m) => ({ default: m.FollowPage })),
);
const supportPages = {
  desk: () => import('@/features/support/SupportDeskPage.tsx'),
  history: () => import('@/features/support/SupportHistoryPage.tsx'),
  canned: () => import('@/features/support/CannedRepliesPage.tsx'),
  settings: () => import('@/features/support/SupportSettingsPage.tsx'),
};
const SupportDeskPage = lazy(() => supportPages.desk().then((m) => ({ default: m.SupportDeskPage })));
const SupportHistoryPage = lazy(() =>
  supportPages.history().then((m) => ({ default: m.SupportHistoryPage })),
);
const CannedRepliesPage = lazy(() => supportPages.canned().then((m) => ({ default: m.CannedRepliesPage })));
const SupportSettingsPage = lazy(() =>
  supportPages.settings().then((m) => ({ default: m.SupportSettingsPage })),
);
const SyndicatesPage = lazy(() =>
  import('@/features/syndicates/SyndicatesPage.tsx').then((m) => ({ default: m.SyndicatesPage })),
);
const LotteryChasesPage = lazy(() =>
  import('@/features/lottery/ChasesPage.tsx').then((m) => ({ default: m.LotteryChasesPage })),
);

/** Sends a signed-out visitor to the login page and an operator without the permission home. */
function Guard({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { operator, can } = useAuth();
  if (!operator) return <Navigate to="/login" replace />;
  if (!can(permission)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

function SessionProblems() {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  useEffect(() => {
    setSessionProblemHandler((kind) => {
      if (kind === 'expired') void signOut().then(() => navigate('/login', { replace: true }));
      else void navigate('/security?enrol=1', { replace: true });
    });
  }, [navigate, signOut]);
  return null;
}

const page = (permission: Permission, element: ReactNode) => <Guard permission={permission}>{element}</Guard>;

const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: (
        <Guard permission="dashboard">
          <SessionProblems />
          <Layout />
        </Guard>
      ),
      children: [
        { index: true, element: page('dashboard', <DashboardPage />) },
        { path: 'security', element: page('dashboard', <SecurityPage />) },
        { path: 'approvals', element: page('approvals', <ApprovalsPage />) },
        { path: 'operators', element: page('operators', <OperatorsPage />) },
        { path: 'audit', element: page('audit', <AuditPage />) },
        { path: 'system/adapter-calls', element: page('audit', <AdapterCallsPage />) },
        { path: 'system/history', element: page('audit', <HistoryPage />) },
        { path: 'members', element: page('members.read', <MembersPage />) },
        { path: 'members/:id', element: page('members.read', <MemberDetailPage />) },
        { path: 'adjustments', element: page('members.adjust', <AdjustmentsPage />) },
        { path: 'members/wallet-conflicts', element: page('members.read', <WalletConflictsPage />) },
        { path: 'members/sms', element: page('members.read', <SmsRecordsPage />) },
        { path: 'finance/deposits', element: page('finance.orders', <DepositsPage />) },
        { path: 'finance/withdrawals', element: page('finance.orders', <WithdrawalsPage />) },
        {
          path: 'finance/gateway-notifications',
          element: page('finance.orders', <GatewayNotificationsPage />),
        },
        { path: 'finance/settings', element: page('finance.settings', <FinanceSettingsPage />) },
        { path: 'content/notices', element: page('content', <NoticesPage />) },
        { path: 'content/banners', element: page('content', <BannersPage />) },
        { path: 'content/activities', element: page('activities', <ActivitiesPage />) },
        { path: 'content/red-packets', element: page('activities', <RedPacketsPage />) },
        { path: 'content/free-bets', element: page('activities', <FreeBetsPage />) },
        { path: 'content/experts', element: page('content', <ExpertsPage />) },
        { path: 'content/lottery-articles', element: page('content', <LotteryArticlesPage />) },
        { path: 'content/messages', element: page('messages', <MessagesPage />) },
        { path: 'content/app-config', element: page('content', <AppConfigPage />) },
        { path: 'sports', element: <Navigate to="/sports/matches" replace /> },
        { path: 'sports/matches', element: page('sports', <SportsPage />) },
        { path: 'sports/limits', element: page('sports', <LimitsPage />) },
        { path: 'sports/boosts', element: page('sports', <BoostsPage />) },
        { path: 'sports/refusals', element: page('sports', <RefusalsPage />) },
        { path: 'sports/feed-corrections', element: page('sports', <FeedCorrectionsPage />) },
        { path: 'sports/cash-out', element: page('sports', <CashOutPage />) },
        { path: 'sports/follow', element: page('sports', <FollowPage />) },
        { path: 'sports/syndicates', element: page('sports', <SyndicatesPage />) },
        { path: 'lottery/games', element: page('lottery', <LotteryGamesPage />) },
        { path: 'lottery/periods', element: page('lottery', <LotteryPeriodsPage />) },
        { path: 'lottery/chases', element: page('lottery', <LotteryChasesPage />) },
        { path: 'agents', element: <Navigate to="/agents/list" replace /> },
        { path: 'agents/list', element: page('agents', <AgentsPage />) },
        { path: 'agents/applications', element: page('agents', <AgentApplicationsPage />) },
        { path: 'agents/rewards', element: page('agents', <InviteRewardsPage />) },
        { path: 'agents/rules', element: page('agents', <InviteRulesPage />) },
        { path: 'support', element: <Navigate to="/support/desk" replace /> },
        { path: 'support/desk', element: page('support', <SupportDeskPage />) },
        { path: 'support/history', element: page('support', <SupportHistoryPage />) },
        { path: 'support/canned-replies', element: page('support', <CannedRepliesPage />) },
        { path: 'support/settings', element: page('support', <SupportSettingsPage />) },
        { path: 'reports', element: page('reports', <ReportsPage />) },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);

export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#b8860b', borderRadius: 4 } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <Suspense fallback={<Spin style={{ display: 'block', marginTop: 120 }} />}>
              <RouterProvider router={router} />
            </Suspense>
          </AuthProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
