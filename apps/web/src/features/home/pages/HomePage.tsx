import { HOT_NOTICE_HOME_LIMIT } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import { lazyPart } from '@/app/lazy-page.tsx';
import { MEMBER_SCOPE, useSessionStore } from '../../session/store.ts';
import { siteKeys, useAppConfigQuery, useAppInfo } from '../../site/queries.ts';
import { HomeModal } from '../components/HomeModal.tsx';
import { GameCategories } from '../components/Shortcuts.tsx';
import { BannerCarousel } from '../../notices/BannerCarousel.tsx';
import { HOME_BANNER_PAGE } from '../../notices/banners.ts';
import '../home.css';

// The parts that wait for their own data anyway (notices, the member's card) and everything below
// the game categories (matches with their live pushes, expert picks, services) load beside the
// page rather than before it, so the home page's first load stays within its budget (issue 20,
// e2e/bundle-budget.e2e.ts). The header, banners and game entries come with the page.
const MaintenanceNotice = lazyPart('MaintenanceNotice', () =>
  import('../components/MaintenanceNotice.tsx').then((m) => m.MaintenanceNotice),
);
const NoticeBar = lazyPart('NoticeBar', () => import('../../notices/NoticeBar.tsx').then((m) => m.NoticeBar));
const MemberCard = lazyPart('MemberCard', () =>
  import('../components/MemberCard.tsx').then((m) => m.MemberCard),
);
// 红包雨 (redpacket_switch): its rain, badge and result, for members only, beside the page.
const RedPacketRain = lazyPart('RedPacketRain', () =>
  import('../../red-packets/RedPacketRain.tsx').then((m) => m.RedPacketRain),
);
const HomeSections = lazyPart('HomeSections', () =>
  import('../components/HomeSections.tsx').then((m) => m.HomeSections),
);

/** The home tab (pull to refresh): member card, games, hot matches, live scores, services. */
export default function HomePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useAppInfo();
  const { data: config } = useAppConfigQuery();
  const token = useSessionStore((s) => s.token);
  const maintenance = info.site_state === 0 || config?.maintenance_mode === true;

  const refresh = async () => {
    await Promise.allSettled([
      queryClient.refetchQueries({ queryKey: siteKeys.all }),
      // Every other section on screen (banners, notices, matches, expert picks), without naming
      // each feature's keys here: the lazily loaded sections keep their queries out of this chunk.
      queryClient.refetchQueries({
        type: 'active',
        predicate: ({ queryKey: [scope] }) => scope !== siteKeys.all[0] && scope !== MEMBER_SCOPE,
      }),
      token ? queryClient.refetchQueries({ queryKey: [MEMBER_SCOPE] }) : Promise.resolve(),
    ]);
  };

  return (
    <div className="page home-page">
      <header className="home-header">
        <img className="home-logo" src={info.site_logo} alt="" />
        <h1 className="home-title gold-text">{info.title}</h1>
        <button
          type="button"
          className="home-header-action"
          aria-label="在线客服"
          onClick={() => void navigate('/pages/customer/customer')}
        >
          <MessageOutline />
        </button>
      </header>
      <div className="page-body">
        <PullToRefresh onRefresh={refresh}>
          {maintenance ? (
            <Suspense fallback={null}>
              <MaintenanceNotice text={info.repair_tips || '系统维护中，请稍后再来'} />
            </Suspense>
          ) : null}
          <BannerCarousel pageType={HOME_BANNER_PAGE} />
          <Suspense fallback={null}>
            <NoticeBar category={1} limit={HOT_NOTICE_HOME_LIMIT} />
          </Suspense>
          <div className="home-member">
            <Suspense fallback={null}>
              <MemberCard />
            </Suspense>
          </div>
          <GameCategories />
          <Suspense fallback={null}>
            <HomeSections />
          </Suspense>
          <footer className="home-footer">
            <p>
              <span className="badge-18">18+</span>
              未满18周岁禁止参与。请理性投注，量力而行，切勿沉迷。
            </p>
            <p>如您感到投注影响了生活，请立即停止并联系客服寻求帮助。</p>
            <p className="home-copy">© {info.title}</p>
          </footer>
        </PullToRefresh>
      </div>
      <HomeModal />
      {token && info.redpacket_switch === 1 ? (
        <Suspense fallback={null}>
          <RedPacketRain />
        </Suspense>
      ) : null}
    </div>
  );
}
