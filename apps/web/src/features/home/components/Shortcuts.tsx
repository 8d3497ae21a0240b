import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { hasRoute } from '@/app/registry.ts';
import { useGameCategoriesQuery } from '../../site/queries.ts';
import { CATEGORY_ICONS } from './shortcut-icons.tsx';

export interface ShortcutEntry {
  key: string;
  title: string;
  path: string;
  icon: ReactNode;
}

/** A grid of shortcut buttons (icon above title). */
export function ShortcutGrid({ entries, testId }: { entries: ShortcutEntry[]; testId: string }) {
  const navigate = useNavigate();
  return (
    <div className="shortcut-grid" data-testid={testId}>
      {entries.map((entry) => (
        <button key={entry.key} type="button" className="shortcut" onClick={() => void navigate(entry.path)}>
          <span className="shortcut-icon">{entry.icon}</span>
          <span className="shortcut-title">{entry.title}</span>
        </button>
      ))}
    </div>
  );
}

/** A home section of shortcuts under its title; nothing when there are none. */
export function ShortcutSection({
  title,
  entries,
  testId,
}: {
  title: string;
  entries: ShortcutEntry[];
  testId: string;
}) {
  if (entries.length === 0) return null;
  return (
    <section className="section">
      <div className="section-head">
        <h3 className="section-title">{title}</h3>
      </div>
      <ShortcutGrid entries={entries} testId={testId} />
    </section>
  );
}

/** Game entries from GET /v1/app/config/game-categories, only those whose page exists. */
export function GameCategories() {
  const { data } = useGameCategoriesQuery();
  const entries = (data ?? [])
    .filter((c) => c.enabled && hasRoute(c.path))
    .sort((a, b) => a.sort - b.sort)
    .map((c) => ({
      key: c.key,
      title: c.name,
      path: c.path,
      icon: CATEGORY_ICONS[c.icon] ?? CATEGORY_ICONS.default,
    }));
  return <ShortcutSection title="热门游戏" entries={entries} testId="game-categories" />;
}
