import type { TestServer } from './server.ts';

/**
 * A member's API calls with their token, for the member's own steps that are not under test
 * (through the file's own server, in process: a member suite's or a console suite's). Throws with
 * the server's message on a refusal.
 */
export async function memberApi(server: TestServer, username: string, password: string) {
  const res = await server.app.inject({ method: 'POST', url: '/v1/login', payload: { username, password } });
  const token = res.json<{ data: { token: string } }>().data.token;
  return async <T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> => {
    const r = await server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    const body = r.json<{ code: number; message: string; data: T }>();
    if (body.code !== 200) throw new Error(`${url}: ${body.message}`);
    return body.data;
  };
}
