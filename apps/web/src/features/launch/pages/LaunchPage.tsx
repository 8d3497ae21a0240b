import { Button } from 'antd-mobile';
import { FireFill, GiftOutline, TravelOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '@/lib/navigation.ts';
import { SmartRegisterButton } from '../../auth/components/SmartRegisterButton.tsx';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import { useAppConfigQuery, useAppInfo } from '../../site/queries.ts';
import '../launch.css';

const HIGHLIGHTS = [
  { icon: <TravelOutline />, title: '足篮竞猜', text: '五大联赛 · NBA' },
  { icon: <FireFill />, title: '滚球直播', text: '实时赔率更新' },
  { icon: <GiftOutline />, title: '会员福利', text: 'VIP 晋级彩金' },
];
/** In place of 滚球直播 while there is none (nav_live_ball_enabled off, or a feed without in-play). */
const NO_LIVE_HIGHLIGHT = { icon: <FireFill />, title: '官方赛果', text: '完场即时派奖' };

/** The H5 entry: choose to log in, register, register in one tap, or look around as a guest. */
export default function LaunchPage() {
  const navigate = useNavigate();
  const info = useAppInfo();
  const { data: config } = useAppConfigQuery();
  const highlights =
    config?.nav_live_ball_enabled === false
      ? HIGHLIGHTS.map((h) => (h.title === '滚球直播' ? NO_LIVE_HIGHLIGHT : h))
      : HIGHLIGHTS;
  const loggedIn = useSessionStore(selectLoggedIn);
  const nickname = useSessionStore((s) => s.userinfo?.nickname);

  return (
    <div className="launch">
      <div className="launch-glow" aria-hidden />
      <div className="launch-hero">
        <img className="launch-logo" src={info.site_logo} alt={info.title} />
        <h1 className="launch-title gold-text">{info.title}</h1>
        <p className="launch-slogan">足球 · 篮球 · 彩票 &nbsp;一站尽享</p>
      </div>

      <ul className="launch-highlights">
        {highlights.map((item) => (
          <li key={item.title}>
            <span className="launch-highlight-icon">{item.icon}</span>
            <strong>{item.title}</strong>
            <span>{item.text}</span>
          </li>
        ))}
      </ul>

      <div className="launch-actions">
        {loggedIn ? (
          <>
            <p className="launch-welcome">欢迎回来，{nickname}</p>
            <Button
              block
              color="primary"
              size="large"
              onClick={() => void navigate(HOME_PATH, { replace: true })}
            >
              进入首页
            </Button>
            <Button block fill="outline" className="gold" onClick={() => void navigate(LOGIN_PATH)}>
              切换账号
            </Button>
          </>
        ) : (
          <>
            <Button block color="primary" size="large" onClick={() => void navigate(LOGIN_PATH)}>
              登录
            </Button>
            <div className="button-row">
              <Button fill="outline" className="gold" onClick={() => void navigate('/pages/login/register')}>
                注册
              </Button>
              <SmartRegisterButton fill="solid" />
            </div>
            <Button
              block
              fill="none"
              className="launch-browse"
              onClick={() => void navigate(HOME_PATH, { replace: true })}
            >
              随便逛逛 ›
            </Button>
          </>
        )}
      </div>

      <p className="launch-footer">
        <span className="badge-18">18+</span>
        未满18周岁禁止参与 · 理性投注，量力而行
      </p>
    </div>
  );
}
