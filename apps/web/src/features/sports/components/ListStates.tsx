import { DotLoading, ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';

/** Loading, failed (with retry) or empty: what a list shows when it has nothing to list. */
export function ListState({
  loading,
  error,
  empty,
  emptyTitle,
  emptyText,
  onRetry,
  children,
}: {
  loading: boolean;
  error: boolean;
  empty: boolean;
  emptyTitle: string;
  emptyText?: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <div className="list-state">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (error && empty) {
    return (
      <ErrorBlock
        status="disconnected"
        title="加载失败"
        description="请检查网络后重试"
        className="list-error"
      >
        <button type="button" className="retry-link" onClick={onRetry}>
          重新加载
        </button>
      </ErrorBlock>
    );
  }
  if (empty) {
    return (
      <ErrorBlock status="empty" title={emptyTitle} description={emptyText ?? ''} className="list-empty" />
    );
  }
  return children;
}
