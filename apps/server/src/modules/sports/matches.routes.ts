import { memberApi, type MemberApi } from '@app/shared/api';
import { refuse } from '../../lib/errors.ts';
import { contractRoutes, type RouteSpec } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['赛事'];
const bettingTags = ['竞彩投注'];
/** The same for every visitor: kept in memory until the feed, the 36 h check or an operator changes a match. */
const config = { publicCache: ['sports'] } as const;

/** Matches, leagues and plays (SPEC.md §7 "Matches"; "Sports betting" match lists and odds). */
export const matchesRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.matches;

  // /v1/matches/* lists every match; /v1/matches-list/* is the betting hall (open matches) and results.
  const detail: RouteSpec<MemberApi['GET /v1/matches/:id/detail']> = {
    tags,
    summary: '赛事详情（含全部玩法赔率）',
    config,
    handler: async (request) => ok(await svc.detail(request.params.id, request.query.betType), '获取成功'),
  };
  const plays: RouteSpec<MemberApi['GET /v1/matches/:id/plays']> = {
    tags,
    summary: '赛事玩法与赔率',
    config,
    handler: async (request) => ok(await svc.plays(request.params.id), '获取成功'),
  };
  const leagues: RouteSpec<MemberApi['GET /v1/leagues']> = {
    tags,
    summary: '联赛列表（含开售场次）',
    config,
    handler: async (request) => ok(await svc.leagues(request.query.sport_type), '获取成功'),
  };
  const playCatalogue: RouteSpec<MemberApi['GET /v1/plays']> = {
    tags,
    summary: '玩法列表（选项与最大关数）',
    config,
    handler: async (request) =>
      ok(svc.plays_catalog(request.query.sport_type, request.query.page, request.query.per_page), '获取成功'),
  };
  const sportMatches = (
    sportType: number,
    label: string,
  ): RouteSpec<MemberApi['GET /v1/football/matches']> => ({
    tags: bettingTags,
    summary: `${label}开售赛事（可按玩法只带该玩法赔率）`,
    config,
    handler: async (request) =>
      ok(
        await svc.list(
          { ...request.query, sport_type: sportType },
          { statuses: ['scheduled'], from: app.services.clock.now(), betType: request.query.betType },
        ),
        '获取成功',
      ),
  });
  const sportOdds = (sport: string, label: string): RouteSpec<MemberApi['GET /v1/football/odds/:id']> => ({
    tags: bettingTags,
    summary: `${label}赛事赔率（betType 为空时返回全部玩法）`,
    config,
    handler: async (request) => {
      const found = await svc.detail(request.params.id, request.query.betType);
      if (found.sport !== sport) throw refuse('sports.match_not_found');
      return ok(found, '获取成功');
    },
  });

  return {
    'GET /v1/matches/list': {
      tags,
      summary: '赛事列表（全部状态）',
      config,
      handler: async (request) => ok(await svc.list(request.query, {}), '获取成功'),
    },
    'GET /v1/matches-list/list': {
      tags,
      summary: '可投注赛事（开售中）',
      config,
      handler: async (request) =>
        ok(
          await svc.list(request.query, { statuses: ['scheduled'], from: app.services.clock.now() }),
          '获取成功',
        ),
    },
    'GET /v1/matches-list/results': {
      tags,
      summary: '赛果（已完场与取消，最近的在前）',
      config,
      handler: async (request) =>
        ok(await svc.list(request.query, { statuses: ['finished', 'cancelled'], order: 'desc' }), '获取成功'),
    },
    'GET /v1/matches/statistics': {
      tags,
      summary: '赛事统计（按状态、联赛、日期）',
      config,
      handler: async (request) =>
        ok(await svc.statistics(request.query.sport_type, request.query.date), '获取成功'),
    },
    'GET /v1/matches-list/statistics': {
      tags,
      summary: '开售赛事统计',
      config,
      handler: async (request) =>
        ok(
          await svc.statistics(request.query.sport_type, request.query.date, { statuses: ['scheduled'] }),
          '获取成功',
        ),
    },
    'GET /v1/matches/:id/detail': detail,
    'GET /v1/matches/:id/plays': plays,
    'GET /v1/matches-list/:id/detail': detail,
    'GET /v1/matches-list/:id/plays': plays,
    'GET /v1/leagues': leagues,
    'GET /v1/leagues-list': leagues,
    'GET /v1/plays': playCatalogue,
    'GET /v1/plays-list': playCatalogue,
    'GET /v1/football/matches': sportMatches(1, '足球'),
    'GET /v1/football/odds/:id': sportOdds('football', '足球'),
    'GET /v1/basketball/matches': sportMatches(2, '篮球'),
    'GET /v1/basketball/odds/:id': sportOdds('basketball', '篮球'),
  };
});
