import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast.tsx';
import { serverNow } from './clock.ts';
import { CLOSED_REASON_TEXT, closedMatchIds, type ClosedReason } from './deadline.ts';
import type { Match } from './model.ts';
import { dropClosedLegs, type DroppedLeg } from './slip/store.ts';

/** How often the page looks at the server's clock: a match greys out within this of its deadline. */
export const DEADLINE_TICK_MS = 1_000;

function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

/** "周六001 已停售，已移出投注单" (several: "周六001、周六002 …"), one sentence per reason. */
export function droppedMessage(dropped: readonly DroppedLeg[]): string {
  const byReason = new Map<ClosedReason, string[]>();
  for (const d of dropped) {
    const names = byReason.get(d.reason) ?? [];
    const name = d.match?.matchNo ?? `比赛${d.selection.matchId}`;
    if (!names.includes(name)) names.push(name);
    byReason.set(d.reason, names);
  }
  return [...byReason]
    .map(([reason, names]) => `${names.join('、')} ${CLOSED_REASON_TEXT[reason]}`)
    .join('；')
    .concat('，已移出投注单');
}

/**
 * Sales deadlines on screen, by the server's clock, without a reload: returns the ids of the
 * listed matches that stopped selling (their cards grey out), and drops from the slip every leg
 * that can no longer be placed (deadline passed, match started, market suspended), saying so.
 */
export function useSalesDeadlines(matches: readonly Match[]): ReadonlySet<number> {
  const [closed, setClosed] = useState<ReadonlySet<number>>(() => closedMatchIds(matches, serverNow()));
  useEffect(() => {
    const check = () => {
      const now = serverNow();
      const next = closedMatchIds(matches, now);
      setClosed((prev) => (sameSet(prev, next) ? prev : next));
      const dropped = dropClosedLegs(matches, now);
      if (dropped.length > 0) toast.warning(droppedMessage(dropped));
    };
    check();
    const timer = setInterval(check, DEADLINE_TICK_MS);
    return () => clearInterval(timer);
  }, [matches]);
  return closed;
}
