import { NavBar } from 'antd-mobile';
import { LinkOutline } from 'antd-mobile-icons';
import { useAppInfo } from '../../site/queries.ts';
import { safeWebUrl, WebFrame } from '../components/WebFrame.tsx';
import '../customer.css';

/** The customer service tab: the operator's `kf_url` (default: the built-in help centre). */
export default function CustomerPage() {
  const info = useAppInfo();
  const url = safeWebUrl(info.kf_url);
  return (
    <div className="page">
      <NavBar
        className="page-nav"
        back={null}
        right={
          url ? (
            <a className="nav-action" href={url} target="_blank" rel="noreferrer" aria-label="在浏览器中打开">
              <LinkOutline />
            </a>
          ) : null
        }
      >
        在线客服
      </NavBar>
      <WebFrame url={url} title="在线客服" />
    </div>
  );
}
