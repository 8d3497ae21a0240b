import type { ReactNode } from 'react';
import { DelayedLoading } from '@/ui/DelayedLoading.tsx';
import { Page } from '@/ui/Page.tsx';
import { useSessionStore } from '../../session/store.ts';
import { serverNow } from '../clock.ts';
import { exclusionPhase } from '../model.ts';
import { useResponsiblePlayQuery } from '../queries.ts';
import { ExclusionNotice } from './ExclusionNotice.tsx';

/**
 * Wraps a screen where the member would bet, deposit or move money into a game (routes marked
 * `blockedWhileExcluded`): during a time-out or self-exclusion it shows why and until when, with
 * the way to records and withdrawal, instead of a form the server would refuse. Visitors and
 * members without an exclusion see the screen itself; so does everyone when the answer fails
 * (the server refuses the action anyway).
 */
export function ExclusionGuard({ title, children }: { title: string; children: ReactNode }) {
  const hasToken = useSessionStore((s) => Boolean(s.token));
  const overview = useResponsiblePlayQuery();
  if (!hasToken) return children;
  if (overview.isPending)
    return (
      <Page title={title}>
        <DelayedLoading />
      </Page>
    );
  const exclusion = overview.data?.exclusion;
  const phase = exclusionPhase(exclusion, serverNow());
  if (!exclusion || !phase) return children;
  return (
    <Page title={title} bodyClassName="rp-blocked">
      <ExclusionNotice exclusion={exclusion} phase={phase} />
    </Page>
  );
}
