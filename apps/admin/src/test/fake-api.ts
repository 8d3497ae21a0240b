import { vi } from 'vitest';

/** One request the console sent to /admin/v1, as the server would read it. */
export interface SentRequest {
  method: string;
  /** The path under /admin/v1, without the query. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

interface Refusal {
  refusal: { code: number; message: string; data: unknown };
}
export const refuse = (code: number, message: string, data: unknown = null): Refusal => ({
  refusal: { code, message, data },
});
const isRefusal = (answer: unknown): answer is Refusal =>
  typeof answer === 'object' && answer !== null && 'refusal' in answer;

/**
 * What a route answers: the `data` of a 200 envelope, a refusal made with `refuse`, a Response of
 * its own (a CSV download), or a function of the request answering one of these.
 */
type Route = ((request: SentRequest) => unknown) | object | string | number | boolean | null;

/**
 * The console's network boundary: `fetch` answered from `routes` (keyed `GET /path`, `POST /path`)
 * with the server's `{ code, message, data }` envelope; anything else answers 404 as the server
 * would. Every request is recorded in `sent`.
 */
export function fakeApi(routes: Record<string, Route>) {
  const sent: SentRequest[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://console.test');
    const prefix = '/admin/v1';
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    const request: SentRequest = { method, path, query: Object.fromEntries(url.searchParams), headers, body };
    sent.push(request);
    const route = routes[`${method} ${path}`];
    const answer: unknown =
      route === undefined
        ? refuse(404, '接口不存在')
        : typeof route === 'function'
          ? await route(request)
          : route;
    if (answer instanceof Response) return answer;
    const envelope = isRefusal(answer) ? answer.refusal : { code: 200, message: 'ok', data: answer };
    return new Response(JSON.stringify(envelope), {
      status: envelope.code === 200 ? 200 : envelope.code,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    sent,
    /** The requests sent to one route (`GET /members`). */
    to: (route: string) => sent.filter((r) => `${r.method} ${r.path}` === route),
  };
}
