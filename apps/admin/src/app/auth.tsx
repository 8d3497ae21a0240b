import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { OperatorProfile } from '@app/shared';
import { can, type Permission } from '@app/shared/backoffice';
import { post } from '@/lib/api.ts';
import { clearSession, getStoredOperator, getToken, saveSession } from '@/lib/session.ts';

interface AuthState {
  operator: OperatorProfile | null;
  signIn: (token: string, operator: OperatorProfile) => void;
  signOut: () => Promise<void>;
  can: (permission: Permission) => boolean;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [operator, setOperator] = useState<OperatorProfile | null>(() =>
    getToken() ? getStoredOperator() : null,
  );
  const signIn = useCallback((token: string, profile: OperatorProfile) => {
    saveSession(token, profile);
    setOperator(profile);
  }, []);
  const signOut = useCallback(async () => {
    try {
      await post('/admin/v1/auth/logout');
    } catch {
      // The session may already be gone; signing out locally is what matters.
    }
    clearSession();
    setOperator(null);
  }, []);
  const value = useMemo<AuthState>(
    () => ({
      operator,
      signIn,
      signOut,
      can: (permission) => !!operator && can(operator.role, permission),
    }),
    [operator, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}
