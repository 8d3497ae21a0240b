import type { ComponentType } from 'react';

/** A page a feature contributes; features export `routes: AppRoute[]` from their routes.ts. */
export interface AppRoute {
  /** Hash path verbatim from SPEC.md §2 with a leading slash, e.g. "/pages/home/home". */
  path: string;
  /** Page title (document title and NavBar). */
  title: string;
  /** The page module, loaded on first visit. */
  load: () => Promise<{ default: ComponentType }>;
  /** Members only: anonymous visitors are sent to the login page and brought back after. */
  auth?: boolean;
  /** More paths answering with the same page ("/" for the launch screen). */
  aliases?: string[];
  /**
   * Betting, depositing or moving money into a game: during the member's time-out or
   * self-exclusion the page shows a notice instead (features/responsible ExclusionGuard).
   */
  blockedWhileExcluded?: boolean;
}

export function defineRoutes(routes: AppRoute[]): AppRoute[] {
  return routes;
}
