import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { OperatorProfile } from '@app/shared';
import type { OperatorRoleKey } from '@app/shared/backoffice';
import { AuthProvider } from '@/app/auth.tsx';
import { saveSession } from '@/lib/session.ts';

/** An operator signed in as the console keeps them (token and profile in localStorage). */
export function signedIn(role: OperatorRoleKey, id = 1): OperatorProfile {
  const operator: OperatorProfile = { id, username: `${role}${id}`, name: `测试${role}`, role };
  saveSession(`token-of-${role}-${id}`, operator);
  return operator;
}

/** Renders a console screen with the providers App.tsx gives it (zh-CN antd, queries, auth, a router). */
export function renderScreen(ui: ReactNode, { at = '/' }: { at?: string } = {}): RenderResult {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <QueryClientProvider client={queries}>
          <AuthProvider>
            <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
          </AuthProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
}
