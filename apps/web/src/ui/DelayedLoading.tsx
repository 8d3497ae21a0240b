import { TIMEOUTS } from '@app/shared';
import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';

/** Shows a loading indicator only when waiting takes longer than `delayMs` (page loads: 200 ms). */
export function DelayedLoading({ delayMs = TIMEOUTS.pageLoadDelayMs }: { delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return <div className="page-loading" />;
  return (
    <div className="page-loading" role="status">
      <DotLoading color="primary" />
      <span>加载中</span>
    </div>
  );
}
