import type { ActivitySummary, ApplicationStatus } from '@app/shared';

const STATE_TEXT: Record<ActivitySummary['state'], string> = {
  upcoming: '即将开始',
  ongoing: '进行中',
  ended: '已结束',
};

export function StateTag({ state }: { state: ActivitySummary['state'] }) {
  return <span className={`activity-state state-${state}`}>{STATE_TEXT[state]}</span>;
}

export function ApplicationTag({ status, text }: { status: ApplicationStatus; text: string }) {
  return <span className={`application-tag status-${status}`}>{text}</span>;
}

/** "2026-11-01 至 长期有效" in Beijing dates. */
export function activityWindow(a: Pick<ActivitySummary, 'starts_at' | 'ends_at'>): string {
  const day = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  return `${day(a.starts_at)} 至 ${a.ends_at ? day(a.ends_at) : '长期有效'}`;
}
