import { CheckShieldOutline, ClockCircleOutline, PayCircleOutline } from 'antd-mobile-icons';
import { HomeExperts } from '../../experts/components/HomeExperts.tsx';
import { ServiceShortcuts } from './ServiceShortcuts.tsx';
import { HotMatches, LiveScores } from './SportsSections.tsx';

const PROMISES = [
  { icon: <CheckShieldOutline />, title: '资金安全', text: '独立账本 全程可查' },
  { icon: <PayCircleOutline />, title: '极速到账', text: '充提秒级处理' },
  { icon: <ClockCircleOutline />, title: '全天服务', text: '7×24 小时客服' },
];

/**
 * The home page below the game categories: hot matches, live scores (with their pushes), expert
 * picks, service shortcuts and our promises. HomePage loads it beside itself, not before.
 */
export function HomeSections() {
  return (
    <>
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
    </>
  );
}
