import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  betTypeQuery,
  envelope,
  leagueView,
  marketView,
  matchDetail,
  matchIdParam,
  matchListQuery,
  matchPage,
  matchStatistics,
  paginated,
  playView,
  sportTypeParam,
} from '@app/shared';
import { notFound } from '../../lib/errors.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['赛事'];
/** The same for every visitor: kept in memory until the feed, the 36 h check or an operator changes a match. */
const SPORTS = ['sports'] as const;
const sportQuery = z.object({ sport_type: sportTypeParam });
const playsQuery = z.object({
  sport_type: sportTypeParam,
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
const statisticsQuery = z.object({ sport_type: sportTypeParam, date: matchListQuery.shape.date });
const sportListQuery = matchListQuery.omit({ sport_type: true, status: true }).extend(betTypeQuery.shape);

/** Matches, leagues and plays (SPEC.md §7 "Matches"; "Sports betting" match lists and odds). */
export const matchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.matches;

  // /v1/matches/* lists every match; /v1/matches-list/* is the betting hall (open matches) and results.
  app.get(
    '/v1/matches/list',
    {
      config: { publicCache: SPORTS },
      schema: {
        tags,
        summary: '赛事列表（全部状态）',
        querystring: matchListQuery,
        response: { 200: envelope(matchPage) },
      },
    },
    async (request) => ok(await svc.list(request.query, {}), '获取成功'),
  );
  app.get(
    '/v1/matches-list/list',
    {
      config: { publicCache: SPORTS },
      schema: {
        tags,
        summary: '可投注赛事（开售中）',
        querystring: matchListQuery,
        response: { 200: envelope(matchPage) },
      },
    },
    async (request) =>
      ok(
        await svc.list(request.query, { statuses: ['scheduled'], from: app.services.clock.now() }),
        '获取成功',
      ),
  );
  app.get(
    '/v1/matches-list/results',
    {
      config: { publicCache: SPORTS },
      schema: {
        tags,
        summary: '赛果（已完场与取消，最近的在前）',
        querystring: matchListQuery,
        response: { 200: envelope(matchPage) },
      },
    },
    async (request) =>
      ok(await svc.list(request.query, { statuses: ['finished', 'cancelled'], order: 'desc' }), '获取成功'),
  );
  app.get(
    '/v1/matches/statistics',
    {
      config: { publicCache: SPORTS },
      schema: {
        tags,
        summary: '赛事统计（按状态、联赛、日期）',
        querystring: statisticsQuery,
        response: { 200: envelope(matchStatistics) },
      },
    },
    async (request) => ok(await svc.statistics(request.query.sport_type, request.query.date), '获取成功'),
  );
  app.get(
    '/v1/matches-list/statistics',
    {
      config: { publicCache: SPORTS },
      schema: {
        tags,
        summary: '开售赛事统计',
        querystring: statisticsQuery,
        response: { 200: envelope(matchStatistics) },
      },
    },
    async (request) =>
      ok(
        await svc.statistics(request.query.sport_type, request.query.date, { statuses: ['scheduled'] }),
        '获取成功',
      ),
  );
  for (const prefix of ['/v1/matches', '/v1/matches-list']) {
    app.get(
      `${prefix}/:id/detail`,
      {
        config: { publicCache: SPORTS },
        schema: {
          tags,
          summary: '赛事详情（含全部玩法赔率）',
          params: matchIdParam,
          querystring: betTypeQuery,
          response: { 200: envelope(matchDetail) },
        },
      },
      async (request) => ok(await svc.detail(request.params.id, request.query.betType), '获取成功'),
    );
    app.get(
      `${prefix}/:id/plays`,
      {
        config: { publicCache: SPORTS },
        schema: {
          tags,
          summary: '赛事玩法与赔率',
          params: matchIdParam,
          response: { 200: envelope(z.array(marketView)) },
        },
      },
      async (request) => ok(await svc.plays(request.params.id), '获取成功'),
    );
  }
  for (const url of ['/v1/leagues', '/v1/leagues-list']) {
    app.get(
      url,
      {
        config: { publicCache: SPORTS },
        schema: {
          tags,
          summary: '联赛列表（含开售场次）',
          querystring: sportQuery,
          response: { 200: envelope(z.array(leagueView)) },
        },
      },
      async (request) => ok(await svc.leagues(request.query.sport_type), '获取成功'),
    );
  }
  for (const url of ['/v1/plays', '/v1/plays-list']) {
    app.get(
      url,
      {
        config: { publicCache: SPORTS },
        schema: {
          tags,
          summary: '玩法列表（选项与最大关数）',
          querystring: playsQuery,
          response: { 200: envelope(paginated(playView)) },
        },
      },
      async (request) =>
        ok(
          svc.plays_catalog(request.query.sport_type, request.query.page, request.query.per_page),
          '获取成功',
        ),
    );
  }

  for (const [sport, sportType, label] of [
    ['football', 1, '足球'],
    ['basketball', 2, '篮球'],
  ] as const) {
    app.get(
      `/v1/${sport}/matches`,
      {
        config: { publicCache: SPORTS },
        schema: {
          tags: ['竞彩投注'],
          summary: `${label}开售赛事（可按玩法只带该玩法赔率）`,
          querystring: sportListQuery,
          response: { 200: envelope(matchPage) },
        },
      },
      async (request) =>
        ok(
          await svc.list(
            { ...request.query, sport_type: sportType },
            { statuses: ['scheduled'], from: app.services.clock.now(), betType: request.query.betType },
          ),
          '获取成功',
        ),
    );
    app.get(
      `/v1/${sport}/odds/:id`,
      {
        config: { publicCache: SPORTS },
        schema: {
          tags: ['竞彩投注'],
          summary: `${label}赛事赔率（betType 为空时返回全部玩法）`,
          params: matchIdParam,
          querystring: betTypeQuery,
          response: { 200: envelope(matchDetail) },
        },
      },
      async (request) => {
        const detail = await svc.detail(request.params.id, request.query.betType);
        if (detail.sport !== sport) throw notFound('比赛不存在');
        return ok(detail, '获取成功');
      },
    );
  }
};
