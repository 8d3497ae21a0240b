import { LinkOutline } from 'antd-mobile-icons';
import { useSearchParams } from 'react-router';
import { Page } from '@/ui/Page.tsx';
import { useAppInfo } from '../../site/queries.ts';
import { safeWebUrl, WebFrame } from '../components/WebFrame.tsx';
import '../customer.css';

/** pages/webview/webview?url=...&title=...: a web page with a NavBar; customer service when no url is given. */
export default function WebviewPage() {
  const [params] = useSearchParams();
  const info = useAppInfo();
  const given = params.get('url');
  const url = safeWebUrl(given ?? info.kf_url);
  const title = params.get('title') || (given ? '网页' : '在线客服');
  return (
    <Page
      title={title}
      bodyClassName="webview-body"
      right={
        url ? (
          <a className="nav-action" href={url} target="_blank" rel="noreferrer" aria-label="在浏览器中打开">
            <LinkOutline />
          </a>
        ) : null
      }
    >
      <WebFrame url={url} title={title} />
    </Page>
  );
}
