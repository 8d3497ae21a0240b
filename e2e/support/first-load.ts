import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Request } from 'playwright-core';
import { WEB_DIST } from './server.ts';

/** One script a page fetched, with the bytes its body took on the wire (compressed as served). */
export interface FetchedScript {
  /** The URL's path, e.g. /assets/index-abc.js. */
  path: string;
  /** The body's bytes as sent: the .br/.gz beside the built file, else what Chromium received. */
  bytes: number;
  /** What Chromium reports it received for the body (`sizes().responseBodySize`; 0 or less if unknown). */
  wireBytes: number;
  /** The response's content-encoding (br, gzip), or 'identity'. */
  encoding: string;
  /** Whether the page's own service worker answered it rather than the network. */
  fromServiceWorker: boolean;
  /** When it was asked for, in ms after the recorder started. */
  at: number;
}

export interface FirstLoadRecorder {
  /** Resolves once no request of the page is in flight and none started or ended for `quietMs`. */
  quiet(quietMs: number, timeoutMs?: number): Promise<void>;
  /** The page's scripts that have finished loading. */
  scripts(): Promise<FetchedScript[]>;
  /** How many requests the service worker made itself (its precache): never the page's. */
  workerRequests(): number;
}

/** The bytes a build file is served as: its .br or .gz beside it when the server has one. */
function servedSize(urlPath: string, encoding: string): number {
  const file = path.join(WEB_DIST, decodeURIComponent(urlPath));
  const variant = encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file;
  if (existsSync(variant)) return statSync(variant).size;
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
}

/**
 * Records what the pages of `context` fetch themselves, from now on: every request a frame makes
 * (documents, scripts, API calls), whoever answers it. Requests the service worker makes on its
 * own behalf (its precache, `request.serviceWorker()`) are not the page's and are only counted
 * apart. A script's size is its body as the server sends it: the build's .br/.gz beside the file
 * for the encoding the response names, else the encoded length Chromium received
 * (`sizes().responseBodySize`: the server compresses small files on the fly). One the worker
 * answered from its cache counts the same, since it is still code the page asked for.
 */
export function recordFirstLoad(context: BrowserContext): FirstLoadRecorder {
  const started = Date.now();
  const pending = new Set<Request>();
  const finished: Array<{ request: Request; at: number }> = [];
  const asked = new Map<Request, number>();
  let lastActivity = Date.now();
  let worker = 0;

  const pageRequest = (request: Request) =>
    request.serviceWorker() === null && !request.url().startsWith('data:');
  context.on('request', (request) => {
    if (!pageRequest(request)) {
      if (request.serviceWorker()) worker += 1;
      return;
    }
    pending.add(request);
    asked.set(request, Date.now() - started);
    lastActivity = Date.now();
  });
  const settle = (request: Request, ok: boolean) => {
    if (!pending.delete(request)) return;
    lastActivity = Date.now();
    if (ok) finished.push({ request, at: asked.get(request) ?? 0 });
  };
  context.on('requestfinished', (request) => settle(request, true));
  context.on('requestfailed', (request) => settle(request, false));

  return {
    async quiet(quietMs, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (pending.size > 0 || Date.now() - lastActivity < quietMs) {
        if (Date.now() > deadline) {
          const open = [...pending].map((r) => r.url());
          throw new Error(
            `the page's network did not go quiet within ${timeoutMs} ms; in flight: ${open.join(', ')}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async scripts() {
      const scripts: FetchedScript[] = [];
      for (const { request, at } of finished) {
        const response = await request.response();
        if (!response || !/javascript/.test(response.headers()['content-type'] ?? '')) continue;
        const url = new URL(request.url());
        const encoding = response.headers()['content-encoding'] ?? 'identity';
        const fromServiceWorker = response.fromServiceWorker();
        const wireBytes = fromServiceWorker ? 0 : (await request.sizes()).responseBodySize;
        const bytes =
          precompressedSize(url.pathname, encoding) ??
          (wireBytes > 0 ? wireBytes : servedSize(url.pathname, encoding));
        scripts.push({ path: url.pathname, bytes, wireBytes, encoding, fromServiceWorker, at });
      }
      return scripts;
    },
    workerRequests: () => worker,
  };
}

/** The precompressed file the server sends for `urlPath` with `encoding`, if the build has one. */
export function precompressedSize(urlPath: string, encoding: string): number | null {
  if (encoding !== 'br' && encoding !== 'gzip') return null;
  const file = path.join(WEB_DIST, decodeURIComponent(urlPath)) + (encoding === 'br' ? '.br' : '.gz');
  return existsSync(file) ? statSync(file).size : null;
}
