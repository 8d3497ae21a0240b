/// <reference lib="dom" />
/**
 * First load of the member app on a slow phone, in Chromium (playwright-core, DevTools protocol):
 * the home page `#/pages/home/home` opened cold in a 375 × 812 window with the CPU slowed 4× and
 * the network at 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip (Lighthouse's "slow 4G").
 *
 * Per run: LCP and FCP (PerformanceObserver, buffered), the JavaScript that came over the wire
 * before the page went quiet (encoded bytes, as the DevTools Network panel counts them), and INP
 * over the taps that close the announcement and visit three tabs of the bottom bar (Event Timing: the longest interaction, as INP is for a page
 * with under 50 interactions). Medians of RUNS runs, each in a fresh browser context (no cache).
 * Each run also prints every tap's longest event as input delay + handlers + until the next frame,
 * which says whether the tap waited for other work, did too much itself, or waited for a frame.
 * To see what that work was: `BENCH_FRAMES=1` prints the long animation frames each tap waited
 * for or caused with the scripts that ran in them, `BENCH_TRACE=<dir>` writes a Chromium
 * performance trace of each run and `BENCH_CPU_PROFILE=<dir>` a V8 CPU profile of its taps (both
 * for DevTools; both slow the page, so take the figures from a run without them).
 *
 * The app is served by the server in this process from WEB_DIST (default apps/web/dist: run
 * `npm run build` first) on PostgreSQL `jingcai_bench_web` with the demo data, through HTTPS with
 * HTTP/2 as a phone reaches a deployment (the TLS edge in front of it; a self-signed certificate
 * made with openssl for the run), which tells the server where the page is with X-Forwarded
 * headers (before 2026-11-29 it did not, and every API call after /config.json failed: the home
 * showed no app info, notices or matches, and no announcement to close, so earlier web.inp
 * figures are of that emptier page). `PROTOCOL=h1` measures plain HTTP/1.1 to the server instead,
 * where the browser opens at most six connections and the first load's chunks queue behind them.
 *
 *   npm run web -w @app/bench          RUNS=5 PROTOCOL=h1 npm run web -w @app/bench
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createSecureServer } from 'node:http2';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../../apps/server/src/app.ts';
import { seedDemoData } from '../../apps/server/src/seed/demo.ts';
import { benchConfig, freshPostgres } from '../lib.ts';
import { emitFigure } from '../report.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const PROTOCOL = process.env.PROTOCOL === 'h1' ? 'h1' : 'h2';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST =
  process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
/** Budgets of issue 20. */
const LCP_BUDGET_MS = 2_500;
const INP_BUDGET_MS = 200;
/** Slow 4G as Lighthouse throttles it. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** `BENCH_TRACE=<dir>`: a Chromium performance trace of each run (load and taps), for DevTools. */
const TRACE_DIR = process.env.BENCH_TRACE;
/** `BENCH_CPU_PROFILE=<dir>`: a V8 CPU profile of the page over the taps (not the load), per run. */
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
/** `BENCH_FRAMES=1`: print the long animation frames of each tap (the scripts that ran in them). */
const PRINT_FRAMES = process.env.BENCH_FRAMES === '1';

interface Run {
  lcpMs: number;
  /** The element of the largest paint (tag.class, and the image's file name; `frame` when index.html drew it). */
  lcpElement: string;
  fcpMs: number;
  jsBytes: number;
  inpMs: number;
  /** Each tap's longest event: what it was and where its time went. */
  taps: Tap[];
}

/** One interaction's longest event, split as Chromium's INP attribution does. */
interface Interaction {
  startTime: number;
  duration: number;
  event: string;
  /** Input delay: from the tap to its handlers starting (the main thread was busy). */
  delay: number;
  /** The handlers themselves (a synchronous render included). */
  processing: number;
  /** From the handlers' end to the next frame (rendering, and any task before it). */
  presentation: number;
}

interface Tap extends Interaction {
  tap: string;
  /** The long animation frames the tap waited for or caused, with the scripts that ran in them. */
  frames: string[];
}

/** A long animation frame (LoAF) as the page reports it (not yet in TypeScript's DOM types). */
interface Frame {
  startTime: number;
  duration: number;
  styleAndLayoutStart: number;
  scripts: Array<{ invoker: string; sourceURL: string; duration: number }>;
}

declare global {
  interface Window {
    __bench: {
      lcp: number;
      lcpElement: string;
      fcp: number;
      interactions: Map<number, Interaction>;
      frames?: Frame[];
    };
  }
}

/** Installed before the app's own scripts: keeps the latest LCP, FCP and each interaction's longest event. */
function observePaintAndInput(): void {
  window.__bench = { lcp: 0, lcpElement: '', fcp: 0, interactions: new Map() };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & { element?: Element | null; url?: string }
    >) {
      window.__bench.lcp = entry.startTime;
      // What was painted: the element (tag and first class) and, for an image, its file.
      const el = entry.element;
      // `frame`: drawn by the server into index.html (the first frame), before the app's code ran.
      const where = el?.closest('#first-frame') ? 'frame ' : '';
      const what = el
        ? `${where}${el.tagName.toLowerCase()}${el.classList[0] ? `.${el.classList[0]}` : ''}`
        : '?';
      const file = entry.url?.startsWith('data:') ? 'data: URI' : (entry.url?.split('/').pop() ?? '');
      window.__bench.lcpElement = file ? `${what} ${file}` : what;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') window.__bench.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    // interactionId is in Chromium's Event Timing, not yet in TypeScript's DOM types.
    for (const entry of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>) {
      if (!entry.interactionId) continue;
      const before = window.__bench.interactions.get(entry.interactionId);
      if (before && before.duration >= entry.duration) continue;
      window.__bench.interactions.set(entry.interactionId, {
        startTime: entry.startTime,
        duration: entry.duration,
        event: entry.name,
        delay: entry.processingStart - entry.startTime,
        processing: entry.processingEnd - entry.processingStart,
        presentation: entry.startTime + entry.duration - entry.processingEnd,
      });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

/**
 * With BENCH_FRAMES=1 only: keeps the long animation frames (LoAF) as they come, untouched (the
 * page's own main thread is what is measured, so the strings are made in Node afterwards).
 */
function observeLongFrames(): void {
  const frames: Frame[] = (window.__bench.frames = []);
  new PerformanceObserver((list) => {
    frames.push(...(list.getEntries() as unknown as Frame[]));
  }).observe({ type: 'long-animation-frame', buffered: true });
}

async function measure(browser: Browser, base: string, index: number): Promise<Run> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(observePaintAndInput);
    if (PRINT_FRAMES) await page.addInitScript(observeLongFrames);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (TRACE_DIR) {
      mkdirSync(TRACE_DIR, { recursive: true });
      // The tracer slows the page: read a trace for what runs when, and the figures from a run without it.
      await browser.startTracing(page, {
        path: path.join(TRACE_DIR, `web-run-${index + 1}.json`),
        screenshots: true,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.frame',
          'disabled-by-default-v8.cpu_profiler',
          'v8.execute',
          'blink.user_timing',
          'latencyInfo',
          'loading',
        ],
      });
    }
    const scripts = new Set<string>();
    let jsBytes = 0;
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
    });

    await page.goto(`${base}/#/pages/home/home`, { waitUntil: 'load', timeout: 120_000 });
    await page.locator('.app-tabbar').waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
    const paint = await page.evaluate(() => ({
      lcp: window.__bench.lcp,
      lcpElement: window.__bench.lcpElement,
      fcp: window.__bench.fcp,
    }));
    const firstLoadJs = jsBytes;

    // Taps as a member makes them: the announcement away (the demo has one), the bottom bar's
    // tabs and back home. Each tap's interactions are the ones that appeared since the last.
    if (PROFILE_DIR) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const taps: Tap[] = [];
    const seen = new Set<number>();
    const noteTap = async (tap: string) => {
      const { interactions, frames } = await page.evaluate(() => ({
        interactions: [...window.__bench.interactions.entries()],
        // Plain objects: a PerformanceEntry does not come through as it is.
        frames: (window.__bench.frames ?? []).map((f) => ({
          startTime: f.startTime,
          duration: f.duration,
          styleAndLayoutStart: f.styleAndLayoutStart,
          scripts: f.scripts.map((x) => ({
            invoker: x.invoker,
            sourceURL: x.sourceURL,
            duration: x.duration,
          })),
        })),
      }));
      let longest: Interaction | undefined;
      for (const [id, interaction] of interactions) {
        if (seen.has(id)) continue;
        seen.add(id);
        if (!longest || interaction.duration > longest.duration) longest = interaction;
      }
      if (!longest) return;
      const { startTime, duration } = longest;
      const during = frames.filter(
        (f) => f.startTime < startTime + duration && f.startTime + f.duration > startTime,
      );
      taps.push({
        tap,
        ...longest,
        frames: during.map((f) => {
          const scripts = [...f.scripts]
            .sort((x, y) => y.duration - x.duration)
            .map(
              (x) =>
                `${x.invoker} (${
                  x.sourceURL
                    .split('/')
                    .pop()
                    ?.replace(/-[\w-]{8}\.js$/, '') ?? ''
                }) ${Math.round(x.duration)}`,
            );
          const render = f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0;
          return `${Math.round(f.startTime - startTime)} ms: ${Math.round(f.duration)} ms, render ${Math.round(render)}; ${scripts.join(', ')}`;
        }),
      });
    };
    const decided = page.locator('[data-testid="home-announcement"]:not([data-state="pending"])');
    await decided.waitFor({ state: 'attached', timeout: 120_000 });
    if ((await decided.getAttribute('data-state')) === 'shown') {
      await page.getByTestId('home-modal').getByRole('button', { name: '我知道了' }).tap();
      await page.getByTestId('home-modal').waitFor({ state: 'hidden' });
      await noteTap('公告');
    }
    for (const [tab, route] of [
      ['活动', '/pages/activity/activity'],
      ['我的', '/pages/mine/mine'],
      ['首页', '/pages/home/home'],
    ] as const) {
      await page.locator('.app-tabbar').getByText(tab, { exact: true }).tap();
      // The tab's page is shown and has what it asked for.
      await page.waitForFunction((r) => window.location.hash.startsWith(`#${r}`), route);
      await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
      await noteTap(tab);
    }
    if (TRACE_DIR) await browser.stopTracing();
    if (PROFILE_DIR) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(PROFILE_DIR, { recursive: true });
      writeFileSync(path.join(PROFILE_DIR, `web-taps-${index + 1}.cpuprofile`), JSON.stringify(profile));
    }
    const inpMs = await page.evaluate(() =>
      Math.max(0, ...[...window.__bench.interactions.values()].map((i) => i.duration)),
    );
    return {
      lcpMs: paint.lcp,
      lcpElement: paint.lcpElement,
      fcpMs: paint.fcp,
      jsBytes: firstLoadJs,
      inpMs,
      taps,
    };
  } finally {
    await context.close();
  }
}

/** Hop-by-hop headers that HTTP/2 forbids (and HTTP/2's own pseudo-headers going the other way). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/**
 * A TLS + HTTP/2 front for the server, as the edge of a deployment is (nginx or a load balancer
 * with a certificate): requests go to the server over HTTP/1.1, WebSocket upgrades are piped.
 */
async function startTlsEdge(target: URL): Promise<{ url: string; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-web-tls-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-days',
      '1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const server = createSecureServer(
    { key: readFileSync(keyFile), cert: readFileSync(certFile), allowHTTP1: true },
    (req, res) => {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (!name.startsWith(':') && !HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
      headers.host = target.host;
      // Where the page really is (https, the edge's host): without these the server told the app
      // its API was at http://127.0.0.1:<port>, which an https page may not call, and every call
      // after /config.json failed (no app info, notices, matches; no announcement to close).
      headers['x-forwarded-proto'] = 'https';
      headers['x-forwarded-host'] = req.headers[':authority'] ?? req.headers.host ?? '';
      headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
        (answer) => {
          const out: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    },
  );
  // The realtime socket: an HTTP/1.1 upgrade, passed through as bytes.
  server.on(
    'upgrade',
    (req: { url: string; method: string; rawHeaders: string[] }, socket: Duplex, head: Buffer) => {
      const back = connect(Number(target.port), target.hostname, () => {
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2)
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        back.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length) back.write(head);
        socket.pipe(back).pipe(socket);
      });
      back.on('error', () => socket.destroy());
      socket.on('error', () => back.destroy());
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        rmSync(dir, { recursive: true, force: true });
        server.close(() => resolve());
      }),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  if (!existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error(`no built app at ${WEB_DIST}: run npm run build first (or set WEB_DIST)`);
  process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/jingcai_bench_web';
  const database = await freshPostgres(10);
  const config = benchConfig({
    WEB_DIST,
    // The TLS edge is a proxy on this host: the server takes the page's origin from its
    // X-Forwarded headers, as behind a deployment's edge, and /config.json names the API there.
    TRUST_PROXY: '127.0.0.1',
  });
  const app = await buildApp({ config, database, logger: false });
  await seedDemoData(app.services);
  await app.services.feedSync.tick(new Date());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const direct = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
  const edge = PROTOCOL === 'h2' ? await startTlsEdge(new URL(direct)) : null;
  const base = edge?.url ?? direct;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      // The run's own self-signed certificate.
      '--ignore-certificate-errors',
    ],
  });
  console.log(
    `web first load: ${base}/#/pages/home/home (${PROTOCOL === 'h2' ? 'HTTPS, HTTP/2' : 'HTTP/1.1'}), CPU ${CPU_SLOWDOWN}× slower, 1.6 Mbit/s / 150 ms, ${RUNS} cold runs`,
  );
  try {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await measure(browser, base, i);
      runs.push(run);
      console.log(
        `  run ${i + 1}: LCP ${Math.round(run.lcpMs)} ms (${run.lcpElement}), FCP ${Math.round(run.fcpMs)} ms, ` +
          `JS ${Math.round(run.jsBytes / 1024)} KB on the wire, INP ${Math.round(run.inpMs)} ms`,
      );
      // Where each tap's time went: input delay + handlers + until the next frame.
      console.log(
        `    taps: ${run.taps
          .map(
            (t) =>
              `${t.tap} ${Math.round(t.duration)} (${t.event}: ${Math.round(t.delay)} + ${Math.round(t.processing)} + ${Math.round(t.presentation)})`,
          )
          .join(', ')}`,
      );
      if (PRINT_FRAMES)
        for (const t of run.taps) for (const frame of t.frames) console.log(`      ${t.tap} ${frame}`);
    }
    const lcp = median(runs.map((r) => r.lcpMs));
    const fcp = median(runs.map((r) => r.fcpMs));
    const js = median(runs.map((r) => r.jsBytes));
    const inp = median(runs.map((r) => r.inpMs));
    console.log(
      `  median: LCP ${Math.round(lcp)} ms (budget ${LCP_BUDGET_MS}), FCP ${Math.round(fcp)} ms, ` +
        `JS ${Math.round(js / 1024)} KB, INP ${Math.round(inp)} ms (budget ${INP_BUDGET_MS})`,
    );
    const conditions = `${PROTOCOL === 'h2' ? 'HTTP/2' : 'HTTP/1.1'}, CPU ${CPU_SLOWDOWN}×, 1.6 Mbit/s, 150 ms, median of ${RUNS}`;
    emitFigure({
      name: 'web.home_lcp',
      value: lcp / 1000,
      unit: 's',
      note: `LCP of #/pages/home/home, ${conditions}; budget ${LCP_BUDGET_MS / 1000} s`,
    });
    emitFigure({ name: 'web.home_fcp', value: fcp / 1000, unit: 's', note: `FCP, ${conditions}` });
    emitFigure({
      name: 'web.home_js',
      value: js / 1024,
      unit: 'KB',
      note: 'JavaScript bytes on the wire until the home page is quiet (as sent: brotli)',
    });
    emitFigure({
      name: 'web.inp',
      value: inp,
      unit: 'ms',
      note: `longest interaction (closing the announcement, 3 bottom-bar taps), ${conditions}; budget ${INP_BUDGET_MS} ms`,
    });
  } finally {
    await browser.close();
    await edge?.close();
    await app.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
