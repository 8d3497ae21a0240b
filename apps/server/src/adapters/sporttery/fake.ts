import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { SPORTTERY_PATHS, type SportterySource } from './gateway.ts';
import { listenFake } from '../fake-http.ts';

/**
 * A stand-in for the 竞彩 gateway (webapi.sporttery.cn): the same four paths, answering with the
 * JSON files in fixtures/ (shaped as the captured answers in README.md's sources), switchable
 * between scenarios at run time and able to fail on request. Used by the unit tests over
 * loopback, and runnable by hand for a staging site:
 *
 *   SPORTTERY_FAKE_PORT=8091 npx tsx apps/server/src/adapters/sporttery/fake.ts
 *
 * then SPORTTERY_BASE_URL=http://127.0.0.1:8091/. By hand, `GET /__fake/scenario/<name>` switches
 * the scenario and `GET /__fake/fail/<kind>` fails the next request.
 */

/** Which fixture file answers each path, by scenario. */
export const SPORTTERY_SCENARIOS = {
  /** A match day: three football matches (every pool; HAD off sale on one), two basketball ones. */
  'match-day': {
    footballCalculator: 'football-calculator.match-day.json',
    basketballCalculator: 'basketball-calculator.match-day.json',
    footballResults: 'results.empty.json',
    basketballResults: 'results.empty.json',
  },
  /** The same day with one price moved: 周五029 胜平负 主胜 1.44 → 1.40. */
  'odds-change': {
    footballCalculator: 'football-calculator.odds-change.json',
    basketballCalculator: 'basketball-calculator.match-day.json',
    footballResults: 'results.empty.json',
    basketballResults: 'results.empty.json',
  },
  /** The same day with 周五029 让球胜平负 opened for 单关. */
  'single-flip': {
    footballCalculator: 'football-calculator.single-flip.json',
    basketballCalculator: 'basketball-calculator.match-day.json',
    footballResults: 'results.empty.json',
    basketballResults: 'results.empty.json',
  },
  /** 周五032 moved a day later; 周五031 off the sale list and 取消 in the results. */
  'called-off': {
    footballCalculator: 'football-calculator.called-off.json',
    basketballCalculator: 'basketball-calculator.match-day.json',
    footballResults: 'football-results.called-off.json',
    basketballResults: 'results.empty.json',
  },
  /** After the games: nothing on sale; 周五029 2:1 (1:0), 周五031 无效场次, 周五301 110:102 with no 大小分 result. */
  results: {
    footballCalculator: 'calculator.empty.json',
    basketballCalculator: 'calculator.empty.json',
    footballResults: 'football-results.finished.json',
    basketballResults: 'basketball-results.finished.json',
  },
  /**
   * The same results with 周五029 corrected by the provider after the fact: 2:2 (half time still
   * 1:0, 胜平负 D). A settled match's result that changes: FeedSync records a 赛果更正提醒.
   */
  'results-corrected': {
    footballCalculator: 'calculator.empty.json',
    basketballCalculator: 'calculator.empty.json',
    footballResults: 'football-results.corrected.json',
    basketballResults: 'basketball-results.finished.json',
  },
} as const satisfies Record<string, Record<SportterySource, string>>;
export type SportteryScenario = keyof typeof SPORTTERY_SCENARIOS;

/** What the next request(s) suffer instead of the fixture. */
export type SportteryFakeFailure =
  /** HTTP 500 with an HTML error page. */
  | 'server-error'
  /** HTTP 200 with an HTML page (what a WAF challenge looks like), not JSON. */
  | 'garbage'
  /** HTTP 200 JSON of the wrong shape (`matchInfoList` not a list, `matchResult` not a list). */
  | 'malformed'
  /** HTTP 200 with the gateway's own refusal, `success: false`. */
  | 'provider-error'
  /** Takes the request and never answers (the client's time-out has to end it). */
  | 'hang';

export interface SportteryFakeOptions {
  /** Default 127.0.0.1: keep it on loopback. */
  host?: string;
  /** Default 0 (a free port the system picks). */
  port?: number;
  /** Default 'match-day'. */
  scenario?: SportteryScenario;
}

export interface SportteryFakeRequest {
  source: SportterySource | null;
  url: string;
}

export interface SportteryFake {
  /** Base URL with a trailing slash (the adapter's `baseUrl`). */
  url: string;
  requests: SportteryFakeRequest[];
  setFixture(name: SportteryScenario): void;
  /** The next `times` requests (to `source` only, when given) fail as `kind`. */
  failNext(kind: SportteryFakeFailure, options?: { times?: number; source?: SportterySource }): void;
  close(): Promise<void>;
}

const FAILURES: readonly SportteryFakeFailure[] = [
  'server-error',
  'garbage',
  'malformed',
  'provider-error',
  'hang',
];

const SOURCE_BY_PATH = new Map(
  (Object.entries(SPORTTERY_PATHS) as Array<[SportterySource, string]>).map(([source, path]) => [
    `/${path}`,
    source,
  ]),
);

function fixture(file: string): string {
  return readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8');
}

const HTML_ERROR =
  '<html><head><title>500 Internal Server Error</title></head><body>服务器错误</body></html>';
const HTML_CHALLENGE = '<!DOCTYPE html><html><head><title>安全验证</title></head><body>请稍候…</body></html>';

export async function startSportteryFake(options: SportteryFakeOptions = {}): Promise<SportteryFake> {
  let scenario: SportteryScenario = options.scenario ?? 'match-day';
  const failures: Array<{ kind: SportteryFakeFailure; source: SportterySource | undefined }> = [];
  const requests: SportteryFakeRequest[] = [];

  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { 'content-type': `${type};charset=UTF-8` });
    res.end(body);
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const control = /^\/__fake\/(scenario|fail)\/([\w-]+)$/.exec(url.pathname);
    if (control) {
      const [, what, name = ''] = control;
      if (what === 'scenario' && name in SPORTTERY_SCENARIOS) scenario = name as SportteryScenario;
      else if (what === 'fail' && (FAILURES as readonly string[]).includes(name))
        failures.push({ kind: name as SportteryFakeFailure, source: undefined });
      else return send(res, 404, 'application/json', JSON.stringify({ error: `unknown ${what} ${name}` }));
      return send(res, 200, 'application/json', JSON.stringify({ scenario, failures: failures.length }));
    }
    const source = SOURCE_BY_PATH.get(url.pathname) ?? null;
    requests.push({ source, url: req.url ?? '/' });
    if (!source) return send(res, 404, 'text/html', '<html><body>404</body></html>');
    const at = failures.findIndex((f) => f.source === undefined || f.source === source);
    const failure = at >= 0 ? failures.splice(at, 1)[0]?.kind : undefined;
    switch (failure) {
      case 'hang':
        return; // never answered; close() or the client's time-out ends the connection
      case 'server-error':
        return send(res, 500, 'text/html', HTML_ERROR);
      case 'garbage':
        return send(res, 200, 'text/html', HTML_CHALLENGE);
      case 'malformed':
        return send(
          res,
          200,
          'application/json',
          JSON.stringify({
            success: true,
            errorCode: '0',
            value: { matchInfoList: '维护中', matchResult: '维护中' },
          }),
        );
      case 'provider-error':
        return send(
          res,
          200,
          'application/json',
          JSON.stringify({
            success: false,
            errorCode: '500',
            errorMessage: '系统繁忙，请稍后再试',
            value: null,
          }),
        );
      case undefined:
        break;
    }
    // Results come on one page in the fixtures: later pages are empty, as past the last one.
    const page = Number(url.searchParams.get('pageNo') ?? '1');
    const body = fixture(SPORTTERY_SCENARIOS[scenario][source]);
    if (page > 1 && (source === 'footballResults' || source === 'basketballResults')) {
      const answer = JSON.parse(body) as { value: { matchResult: unknown[]; pageNo: number } };
      answer.value.matchResult = [];
      answer.value.pageNo = page;
      return send(res, 200, 'application/json', JSON.stringify(answer));
    }
    send(res, 200, 'application/json', body);
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      if (!res.headersSent) send(res, 500, 'text/html', HTML_ERROR);
    }
  });
  const listening = await listenFake(server, options);

  return {
    url: `${listening.origin}/`,
    requests,
    setFixture(name) {
      scenario = name;
    },
    failNext(kind, { times = 1, source } = {}) {
      for (let i = 0; i < times; i++) failures.push({ kind, source });
    },
    close: listening.close,
  };
}

/** `npx tsx apps/server/src/adapters/sporttery/fake.ts`: the fake for a staging site. */
async function main(): Promise<void> {
  const env = process.env;
  const scenario = env.SPORTTERY_FAKE_SCENARIO?.trim() || 'match-day';
  if (!(scenario in SPORTTERY_SCENARIOS)) {
    process.stderr.write(`SPORTTERY_FAKE_SCENARIO: one of ${Object.keys(SPORTTERY_SCENARIOS).join(', ')}\n`);
    process.exit(1);
  }
  const fake = await startSportteryFake({
    host: env.SPORTTERY_FAKE_HOST?.trim() || '127.0.0.1',
    port: Number(env.SPORTTERY_FAKE_PORT || 8091),
    scenario: scenario as SportteryScenario,
  });
  process.stdout.write(
    `竞彩 gateway fake on ${fake.url} (scenario ${scenario}; set SPORTTERY_BASE_URL=${fake.url})\n`,
  );
  const stop = (): void => {
    void fake.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
