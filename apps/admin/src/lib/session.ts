import type { OperatorProfile } from '@app/shared';

/** The console keeps its own token (never the member app's keys). */
const TOKEN_KEY = 'jc_admin_token';
const PROFILE_KEY = 'jc_admin_operator';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getStoredOperator(): OperatorProfile | null {
  const raw = localStorage.getItem(PROFILE_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as OperatorProfile;
  } catch {
    return null;
  }
}

export function saveSession(token: string, operator: OperatorProfile): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(PROFILE_KEY, JSON.stringify(operator));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(PROFILE_KEY);
}
