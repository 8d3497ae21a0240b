// @vitest-environment happy-dom
import '@/test/setup.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, refuse, type SentRequest } from '@/test/fake-api.ts';
import { renderScreen, signedIn } from '@/test/render.tsx';
import { ServerTable, type Page, type ServerTableProps } from './ServerTable.tsx';

type Row = { id: number; username: string; status: string };

const columns = [
  { title: '#', dataIndex: 'id', search: false as const },
  { title: '账号', dataIndex: 'username' },
  {
    title: '状态',
    dataIndex: 'status',
    valueEnum: { pending: { text: '待处理' }, done: { text: '已完成' } },
  },
];

/** The server's list: 45 members, paged as asked. */
function members(request: SentRequest): Page<Row> {
  const page = Number(request.query.page);
  const perPage = Number(request.query.per_page);
  const all = Array.from({ length: 45 }, (_, i) => ({
    id: i + 1,
    username: `member${i + 1}`,
    status: 'done',
  }));
  return {
    list: all.slice((page - 1) * perPage, page * perPage),
    total: 45,
    page,
    per_page: perPage,
    has_more: true,
  };
}

const table = (extra: Partial<ServerTableProps<'/admin/v1/members'>> = {}) => (
  <ServerTable path="/admin/v1/members" rowKey="id" columns={columns} {...extra} />
);

// Typing into antd's form under jsdom takes seconds on a loaded machine (as in App.test.tsx).
describe('ServerTable', { timeout: 30_000 }, () => {
  it('asks the server for the first page with the filters in the address bar', async () => {
    signedIn('admin');
    window.history.replaceState(null, '', '/admin/members?username=alice&status=pending');
    const api = fakeApi({
      'GET /members': {
        list: [{ id: 7, username: 'alice01', status: 'pending' }],
        total: 1,
        page: 1,
        per_page: 20,
        has_more: false,
      },
    });
    renderScreen(table());
    expect(await screen.findByText('alice01')).toBeTruthy();
    expect(api.to('GET /members')[0]!.query).toEqual({
      username: 'alice',
      status: 'pending',
      page: '1',
      per_page: '20',
    });
    expect(api.to('GET /members')[0]!.headers.authorization).toBe('Bearer token-of-admin-1');
  });

  it('puts a filter it searches by in the address bar, so back, reload and links keep it', async () => {
    signedIn('admin');
    window.history.replaceState(null, '', '/admin/members');
    const api = fakeApi({ 'GET /members': members });
    renderScreen(table());
    await screen.findByText('member1');
    await userEvent.type(screen.getByLabelText('账号'), 'bob');
    await userEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() => expect(api.to('GET /members').at(-1)!.query.username).toBe('bob'));
    expect(new URLSearchParams(window.location.search).get('username')).toBe('bob');
  });

  it('pages on the server: the next page is asked for, not cut from what was loaded', async () => {
    signedIn('admin');
    window.history.replaceState(null, '', '/admin/members');
    const api = fakeApi({ 'GET /members': members });
    renderScreen(table());
    await screen.findByText('member20');
    expect(screen.queryByText('member21')).toBeNull();
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('member21')).toBeTruthy();
    expect(api.to('GET /members').at(-1)!.query).toMatchObject({ page: '2', per_page: '20' });
  });

  it("shows the server's refusal and an empty table", async () => {
    signedIn('support');
    window.history.replaceState(null, '', '/admin/reports');
    fakeApi({ 'GET /members': refuse(403, '当前角色没有此操作的权限') });
    renderScreen(table());
    expect(await screen.findByText('当前角色没有此操作的权限')).toBeTruthy();
    expect(screen.queryByText('member1')).toBeNull();
  });

  it('exports the same filters as CSV, the token in a header and never in the address', async () => {
    signedIn('finance', 4);
    window.history.replaceState(null, '', '/admin/members?status=pending');
    const api = fakeApi({
      'GET /members': members,
      'GET /members/export': () =>
        new Response('id,username\n1,member1\n2,member2\n', { headers: { 'content-type': 'text/csv' } }),
    });
    // The file itself: the browser saves the blob (not under test).
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    renderScreen(table({ exportPath: '/admin/v1/members/export', exportName: 'members' }));
    await screen.findByText('member1');
    await userEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
    expect(await screen.findByText('已导出 2 行')).toBeTruthy();
    const [download] = api.to('GET /members/export');
    expect(download!.query).toEqual({ status: 'pending' });
    expect(download!.headers.authorization).toBe('Bearer token-of-finance-4');
    expect(JSON.stringify(download!.query)).not.toContain('token');
    expect(saved).toHaveBeenCalledOnce();
  });
});
