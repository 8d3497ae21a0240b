import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { BUILD_INFO } from '@/lib/build-info.ts';
import { copyText } from '@/lib/clipboard.ts';
import { toast } from '@/lib/toast.tsx';
import { Page, Section } from '@/ui/Page.tsx';
import { useAppInfo } from '../../site/queries.ts';
import { AddToHomeScreen } from '../components/AddToHomeScreen.tsx';
import { DownloadButtons } from '../components/DownloadButtons.tsx';
import { SiteQrCode, siteUrl } from '../components/SiteQrCode.tsx';
import '../download.css';

/** pages/download/download: the app for this phone, a QR code for another, and the H5 shortcut. */
export default function DownloadPage() {
  const navigate = useNavigate();
  const info = useAppInfo();
  const url = siteUrl();
  const copy = async () => {
    if (await copyText(url)) toast.success('链接已复制，快去分享给好友吧');
  };
  return (
    <Page title="下载App">
      <div className="download-hero">
        <img className="download-logo" src={info.site_logo} alt={info.title} />
        <h2>{info.title}</h2>
        <p className="muted">当前版本 v{BUILD_INFO.version} · 安全 · 稳定 · 极速</p>
      </div>

      <Section title="扫码访问">
        <div className="card qr-card">
          {info.ios_download_qrcode ? (
            <img
              className="qr-frame-img"
              src={info.ios_download_qrcode}
              alt="iOS 下载二维码"
              width={168}
              height={168}
            />
          ) : (
            <SiteQrCode value={url} />
          )}
          <p className="qr-caption">使用手机相机或浏览器扫一扫</p>
          <p className="qr-url mono">{url}</p>
          <Button size="small" fill="outline" className="gold" onClick={() => void copy()}>
            复制链接
          </Button>
        </div>
      </Section>

      <Section title="下载客户端">
        <DownloadButtons />
        <Button
          block
          fill="none"
          className="link-button"
          onClick={() => void navigate('/pages/download/install-tutorial')}
        >
          安装遇到问题？查看安装教程 ›
        </Button>
      </Section>

      <Section title="添加到主屏幕（免安装）">
        <div className="card">
          <AddToHomeScreen />
        </div>
      </Section>
    </Page>
  );
}
