import { NavBar } from 'antd-mobile';
import { LinkOutline } from 'antd-mobile-icons';
import { useSessionStore } from '../../session/store.ts';
import { useAppInfo } from '../../site/queries.ts';
import { SupportChat } from '../components/SupportChat.tsx';
import { safeWebUrl, WebFrame } from '../components/WebFrame.tsx';
import { useSupportStatusQuery } from '../queries.ts';
import '../customer.css';

/**
 * The customer service tab: the live chat with a person when the operator turned it on (and the
 * member is signed in); otherwise the operator's `kf_url` (default: the built-in help centre).
 */
export default function CustomerPage() {
  const info = useAppInfo();
  const token = useSessionStore((s) => s.token);
  const status = useSupportStatusQuery();
  const live = Boolean(token) && status.data?.enabled === true;
  const url = safeWebUrl(info.kf_url);
  return (
    <div className="page">
      <NavBar
        className="page-nav"
        back={null}
        right={
          !live && url ? (
            <a className="nav-action" href={url} target="_blank" rel="noreferrer" aria-label="在浏览器中打开">
              <LinkOutline />
            </a>
          ) : null
        }
      >
        在线客服
      </NavBar>
      {token && status.isPending ? (
        <div className="page-loading" />
      ) : live && status.data ? (
        <SupportChat status={status.data} />
      ) : (
        <WebFrame url={url} title="在线客服" />
      )}
    </div>
  );
}
