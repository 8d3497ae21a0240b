import { DotLoading, ErrorBlock } from 'antd-mobile';
import { useState } from 'react';

/** Only web pages: http(s) addresses or paths on this site; never javascript: or data: URLs. */
export function safeWebUrl(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  if (!value) return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A web page inside the app, with a loading state while it arrives. */
export function WebFrame({ url, title }: { url: string | null; title: string }) {
  const [loaded, setLoaded] = useState(false);
  if (!url) {
    return <ErrorBlock status="disconnected" title="链接无效" description="无法打开该页面，请返回后重试" />;
  }
  return (
    <div className="webframe">
      {loaded ? null : (
        <div className="webframe-loading">
          <DotLoading color="primary" />
          <span>页面加载中</span>
        </div>
      )}
      <iframe
        key={url}
        className="webframe-iframe"
        src={url}
        title={title}
        onLoad={() => setLoaded(true)}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer-when-downgrade"
      />
    </div>
  );
}
