import { HOT_NOTICE_HOME_LIMIT } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { NoticeBar as KitNoticeBar, PullToRefresh } from 'antd-mobile';
import { CheckShieldOutline, ClockCircleOutline, MessageOutline, PayCircleOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { MEMBER_SCOPE, useSessionStore } from '../../session/store.ts';
import { siteKeys, useAppConfigQuery, useAppInfo } from '../../site/queries.ts';
import { HomeModal } from '../components/HomeModal.tsx';
import { MemberCard } from '../components/MemberCard.tsx';
import { GameCategories, ServiceShortcuts } from '../components/Shortcuts.tsx';
import { HotMatches, LiveScores } from '../components/SportsSections.tsx';
import { sportsKeys } from '../../sports/queries.ts';
import { HomeExperts } from '../../experts/components/HomeExperts.tsx';
import { expertKeys } from '../../experts/queries.ts';
import { BannerCarousel } from '../../notices/BannerCarousel.tsx';
import { NoticeBar } from '../../notices/NoticeBar.tsx';
import { noticeKeys } from '../../notices/queries.ts';
import '../home.css';

const PROMISES = [
  { icon: <CheckShieldOutline />, title: '资金安全', text: '独立账本 全程可查' },
  { icon: <PayCircleOutline />, title: '极速到账', text: '充提秒级处理' },
  { icon: <ClockCircleOutline />, title: '全天服务', text: '7×24 小时客服' },
];

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
      queryClient.refetchQueries({ queryKey: sportsKeys.all, type: 'active' }),
      queryClient.refetchQueries({ queryKey: noticeKeys.all, type: 'active' }),
      queryClient.refetchQueries({ queryKey: ['banners'], type: 'active' }),
      queryClient.refetchQueries({ queryKey: expertKeys.all, type: 'active' }),
      token ? queryClient.refetchQueries({ queryKey: [MEMBER_SCOPE] }) : Promise.resolve(),
    ]);
  };

  return (
    <div className="page home-page">
      <header className="home-header">
        <img className="home-logo" src={info.site_logo} alt="" />
        <h1 className="home-title">{info.title}</h1>
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
            <KitNoticeBar
              className="home-notice"
              color="alert"
              wrap
              content={info.repair_tips || '系统维护中，请稍后再来'}
            />
          ) : null}
          <BannerCarousel pageType={1} />
          <NoticeBar category={1} limit={HOT_NOTICE_HOME_LIMIT} />
          <div className="home-member">
            <MemberCard />
          </div>
          <GameCategories />
          <HotMatches />
          <LiveScores />
          <HomeExperts />
          <ServiceShortcuts />
          <section className="section">
            <div className="home-promises">
              {PROMISES.map((item) => (
                <div key={item.title} className="home-promise">
                  <span className="home-promise-icon">{item.icon}</span>
                  <strong>{item.title}</strong>
                  <span>{item.text}</span>
                </div>
              ))}
            </div>
          </section>
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
    </div>
  );
}
