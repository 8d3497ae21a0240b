import type { VoidByLabel } from '@app/shared';
import { formatDateTime } from './format.ts';

/** The words of a void, cancel or resettle line: `作废：运营人员 · 原因：赛事取消 · 2026-11-30 18:00`. */
export function voidTraceText(t: {
  action: string;
  by: VoidByLabel;
  reason: string | null;
  at: string | null;
}): string {
  const parts: string[] = [t.by];
  if (t.reason) parts.push(`原因：${t.reason}`);
  if (t.at) parts.push(formatDateTime(t.at));
  return `${t.action}：${parts.join(' · ')}`;
}

/**
 * Who voided, cancelled or resettled a bet and why, as the server tells the member (运营人员,
 * 系统 or 本人; an operator is never named). Nothing when no one did.
 */
export function VoidTraceLine({
  action,
  by,
  reason,
  at,
  className,
}: {
  action: string;
  by: VoidByLabel | null;
  reason: string | null;
  at: string | null;
  className?: string;
}) {
  if (by === null) return null;
  return (
    <p className={className} data-testid="void-trace">
      {voidTraceText({ action, by, reason, at })}
    </p>
  );
}
