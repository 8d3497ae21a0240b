import { Money } from '@/ui/Money.tsx';

export interface Stat {
  label: string;
  /** A money string ("12.50") or a count. */
  value: string | number | undefined;
  money?: boolean;
}

/** Figures in a grid of three, money grouped by thousands. */
export function StatGrid({ stats, testId }: { stats: Stat[]; testId?: string }) {
  return (
    <div className="iv-stats" data-testid={testId}>
      {stats.map((s) => (
        <div key={s.label} className="iv-stat">
          {s.money ? (
            <Money value={typeof s.value === 'string' ? s.value : undefined} />
          ) : (
            <span className="iv-stat-count">{s.value ?? '--'}</span>
          )}
          <span className="muted">{s.label}</span>
        </div>
      ))}
    </div>
  );
}
