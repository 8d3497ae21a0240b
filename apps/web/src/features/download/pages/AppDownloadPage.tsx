import { Button } from 'antd-mobile';
import { CheckShieldOutline, ClockCircleOutline, PayCircleOutline, TravelOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { BUILD_INFO } from '@/lib/build-info.ts';
import { Page } from '@/ui/Page.tsx';
import { useAppInfo } from '../../site/queries.ts';
import { DownloadButtons } from '../components/DownloadButtons.tsx';
import { SiteQrCode, siteUrl } from '../components/SiteQrCode.tsx';
import '../download.css';

const FEATURES = [
  { icon: <TravelOutline />, title: '赛事全覆盖', text: '足球、篮球每日数百场赛事，赔率实时更新' },
  { icon: <PayCircleOutline />, title: '充提极速', text: '多种充值方式，提现审核快速到账' },
  { icon: <CheckShieldOutline />, title: '资金安全', text: '每笔资金变动均有记录，随时可查' },
  { icon: <ClockCircleOutline />, title: '贴心服务', text: '专业客服全天候在线，问题即时处理' },
];

/** pages/download/app-download: the page to share with people who do not have the app yet. */
export default function AppDownloadPage() {
  const navigate = useNavigate();
  const info = useAppInfo();
  return (
    <Page title="App下载">
      <div className="app-download-hero">
        <img className="download-logo large" src={info.site_logo} alt={info.title} />
        <h2>{info.title} App</h2>
        <p>专业体育竞猜 · 彩票娱乐平台</p>
        <span className="version-pill">v{BUILD_INFO.version}</span>
      </div>
      <div className="app-download-body">
        <DownloadButtons />
        <ul className="feature-list">
          {FEATURES.map((f) => (
            <li key={f.title}>
              <span className="feature-icon">{f.icon}</span>
              <div>
                <strong>{f.title}</strong>
                <span>{f.text}</span>
              </div>
            </li>
          ))}
        </ul>
        <div className="card qr-card">
          <SiteQrCode value={siteUrl()} size={132} />
          <p className="qr-caption">电脑访问？用手机扫码即可打开</p>
        </div>
        <Button
          block
          fill="none"
          className="link-button"
          onClick={() => void navigate('/pages/download/install-tutorial')}
        >
          查看安装教程 ›
        </Button>
      </div>
    </Page>
  );
}
