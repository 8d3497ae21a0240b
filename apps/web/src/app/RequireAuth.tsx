import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { selectLoggedIn, useSessionStore } from '../features/session/store.ts';
import { loginPathFor } from '../lib/navigation.ts';

/** Members-only pages: anonymous visitors go to the login page and come back after logging in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useSessionStore(selectLoggedIn);
  const hasToken = useSessionStore((s) => Boolean(s.token));
  const location = useLocation();
  // A token whose user info is still being fetched is given the benefit of the doubt.
  if (!loggedIn && !hasToken) {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  return children;
}
