import type { BetType, Sport } from '@app/shared';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, request } from '@/lib/api/client.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { Page, Section } from '@/ui/Page.tsx';
import { SportSwitch } from '../components/SportSwitch.tsx';
import { betTypesOf } from '../model.ts';
import { sportsKeys } from '../queries.ts';
import { beijingTime } from '../time.ts';
import '../sports.css';

interface Endpoint {
  key: string;
  label: string;
  /** Path and query for the chosen sport, match and bet type; null when it needs a match. */
  request: (
    sport: Sport,
    matchId: number | null,
    betType: BetType | '',
  ) => { path: string; params?: Record<string, string | number | undefined> } | null;
}

const ENDPOINTS: Endpoint[] = [
  {
    key: 'odds',
    label: '赛事赔率 /v1/{sport}/odds/{id}',
    request: (sport, id, betType) =>
      id ? { path: `/v1/${sport}/odds/${id}`, params: { betType: betType || undefined } } : null,
  },
  {
    key: 'list',
    label: '开售赛事 /v1/{sport}/matches',
    request: (sport, _id, betType) => ({
      path: `/v1/${sport}/matches`,
      params: { betType: betType || undefined, per_page: 5 },
    }),
  },
  {
    key: 'plays',
    label: '赛事玩法 /v1/matches/{id}/plays',
    request: (_sport, id) => (id ? { path: `/v1/matches/${id}/plays` } : null),
  },
  {
    key: 'live-odds',
    label: '即时赔率 /v1/live-matches/odds',
    request: (_sport, id) => (id ? { path: '/v1/live-matches/odds', params: { match_id: id } } : null),
  },
  {
    key: 'sport-live-odds',
    label: '滚球赔率 /v1/live-matches/{sport}-odds',
    request: (sport) => ({ path: `/v1/live-matches/${sport}-odds`, params: { per_page: 5 } }),
  },
];

interface CallResult {
  key: string;
  url: string;
  ok: boolean;
  ms: number;
  code: number;
  message: string;
  json: string;
}

function urlOf(path: string, params?: Record<string, string | number | undefined>): string {
  const query = Object.entries(params ?? {})
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** pages/debug/odds-api-test: calls each odds endpoint for a chosen match and bet type, shows JSON and timing. */
export default function OddsApiTestPage() {
  const [sport, setSport] = useState<Sport>('football');
  const [betType, setBetType] = useState<BetType | ''>('');
  const [picked, setPicked] = useState<number | null>(null);
  const [results, setResults] = useState<CallResult[]>([]);
  const [busy, setBusy] = useState(false);
  // Matches to choose from: those in play first (in-play odds), then the next ones on sale.
  const choices = useQuery({
    queryKey: [...sportsKeys.all, 'odds-test', sport],
    queryFn: async ({ signal }) => {
      const [live, open] = await Promise.all([
        api.get(`/v1/live-matches/${sport}`, { per_page: 10 }, { light: true, signal }),
        api.get(`/v1/${sport}/matches`, { per_page: 10 }, { light: true, signal }),
      ]);
      return [...live.list, ...open.list];
    },
  });
  const matches = choices.data ?? [];
  const matchId = matches.some((m) => m.id === picked) ? picked : (matches[0]?.id ?? null);

  const call = async (endpoint: Endpoint): Promise<CallResult | null> => {
    const req = endpoint.request(sport, matchId, betType);
    if (!req) return null;
    const url = urlOf(req.path, req.params);
    const started = performance.now();
    try {
      // Any endpoint the tester names, so the untyped call: the JSON is only shown.
      const data = await request('GET', req.path, { params: req.params, toast: false, retry: false });
      return {
        key: endpoint.key,
        url,
        ok: true,
        ms: Math.round(performance.now() - started),
        code: 200,
        message: '获取成功',
        json: JSON.stringify({ code: 200, data }, null, 2),
      };
    } catch (err) {
      const error = err instanceof ApiError ? err : null;
      return {
        key: endpoint.key,
        url,
        ok: false,
        ms: Math.round(performance.now() - started),
        code: error?.code ?? 0,
        message: error?.message ?? String(err),
        json: JSON.stringify(
          { code: error?.code ?? 0, message: error?.message, data: error?.data ?? null },
          null,
          2,
        ),
      };
    }
  };

  const run = async (list: Endpoint[]) => {
    setBusy(true);
    const done: CallResult[] = [];
    for (const endpoint of list) {
      const result = await call(endpoint);
      if (result) done.push(result);
    }
    setResults(done);
    setBusy(false);
  };

  return (
    <Page title="赔率接口测试">
      <Section title="参数">
        <div className="card debug-form">
          <div className="debug-row">
            <span>运动</span>
            <SportSwitch
              value={sport}
              onChange={(next) => {
                setSport(next);
                setBetType('');
                setPicked(null);
              }}
            />
          </div>
          <div className="debug-row">
            <span>玩法</span>
            <select
              value={betType}
              onChange={(e) => setBetType(e.target.value as BetType | '')}
              aria-label="玩法"
            >
              <option value="">全部玩法</option>
              {betTypesOf(sport).map((p) => (
                <option key={p.betType} value={p.betType}>
                  {p.name}（{p.betType}）
                </option>
              ))}
            </select>
          </div>
          <div className="debug-row">
            <span>比赛</span>
            {matches.length > 0 ? (
              <select
                value={matchId ?? ''}
                onChange={(e) => setPicked(Number(e.target.value))}
                aria-label="比赛"
                data-testid="odds-test-match"
              >
                {matches.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.status === 'live' ? '[滚球] ' : ''}
                    {m.match_no} {m.home_team.name}VS{m.away_team.name} {beijingTime(m.kickoff_at)}
                  </option>
                ))}
              </select>
            ) : (
              <span className="muted">{choices.isPending ? '加载中…' : '暂无比赛'}</span>
            )}
          </div>
          <Button block color="primary" loading={busy} onClick={() => void run(ENDPOINTS)}>
            依次调用全部接口
          </Button>
        </div>
      </Section>
      <Section title="接口">
        <div className="stack">
          {ENDPOINTS.map((endpoint) => (
            <Button
              key={endpoint.key}
              size="small"
              className="debug-endpoint"
              disabled={busy || !endpoint.request(sport, matchId, betType)}
              onClick={() => void run([endpoint])}
            >
              {endpoint.label}
            </Button>
          ))}
        </div>
      </Section>
      {results.length > 0 ? (
        <Section title="结果">
          <div className="stack" data-testid="odds-test-results">
            {results.map((r) => (
              <div key={r.key} className="card debug-result">
                <div className="debug-result-head">
                  <span className={r.ok ? 'status-tag won' : 'status-tag lost'}>{r.code}</span>
                  <span className="mono debug-url">GET {r.url}</span>
                  <strong className="debug-ms" data-testid="odds-test-ms">
                    {r.ms} ms
                  </strong>
                </div>
                {!r.ok ? <p className="slip-message">{r.message}</p> : null}
                <pre className="debug-json">{r.json}</pre>
              </div>
            ))}
          </div>
        </Section>
      ) : null}
    </Page>
  );
}
