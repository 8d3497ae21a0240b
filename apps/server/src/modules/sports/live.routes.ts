import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  liveIntelligence,
  liveMissing,
  marketView,
  matchDetail,
  matchIdParam,
  matchPage,
  matchStatistics,
} from '@app/shared';
import { slicePage } from '../../lib/paging.ts';
import { ok } from '../../plugins/envelope.ts';
import { beijingDate } from './matches.service.ts';

const tags = ['滚球直播'];
/** The same for every visitor: kept in memory until the feed or an operator changes a match. */
const SPORTS = ['sports'] as const;
const liveQuery = z.object({
  sport_type: z.coerce.number().int().min(1).max(4).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});
const matchQuery = z.object({
  match_id: z.coerce.number({ error: 'match_id 须为数字' }).int().positive().max(2_147_483_647),
});

/** Live scores and in-play odds (SPEC.md §7 "Matches", live). Updates also push on `matches.live`. */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.matches;
  const live = (sportType: number, page: number, perPage: number) =>
    svc.list({ sport_type: sportType, page, per_page: perPage }, { statuses: ['live'] });

  app.get(
    '/v1/live-matches/football',
    {
      config: { publicCache: SPORTS },
      schema: { tags, summary: '足球进行中', querystring: liveQuery, response: { 200: envelope(matchPage) } },
    },
    async (request) => ok(await live(1, request.query.page, request.query.per_page), '获取成功'),
  );
  app.get(
    '/v1/live-matches/basketball',
    {
      config: { publicCache: SPORTS },
      schema: { tags, summary: '篮球进行中', querystring: liveQuery, response: { 200: envelope(matchPage) } },
    },
    async (request) => ok(await live(2, request.query.page, request.query.per_page), '获取成功'),
  );
  app.get(
    '/v1/live-matches/live',
    {
      config: { publicCache: SPORTS },
      schema: {
        tags,
        summary: '全部进行中（足球在前）',
        querystring: liveQuery,
        response: { 200: envelope(matchPage) },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      if (request.query.sport_type)
        return ok(await live(request.query.sport_type, page, per_page), '获取成功');
      const [football, basketball] = await Promise.all([live(1, 1, 100), live(2, 1, 100)]);
      const all = [...football.list, ...basketball.list];
      return ok(slicePage(all, { page, per_page }), '获取成功');
    },
  );
  app.get(
    '/v1/live-matches/all',
    {
      config: { publicCache: SPORTS },
      schema: {
        tags,
        summary: '今日赛事（进行中、未开赛、已完场）',
        querystring: liveQuery,
        response: { 200: envelope(matchPage) },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const date = beijingDate(app.services.clock.now());
      const sports = request.query.sport_type ? [request.query.sport_type] : [1, 2];
      const lists = await Promise.all(
        sports.map((s) => svc.list({ sport_type: s, date, page: 1, per_page: 100 }, {})),
      );
      const rank = { live: 0, scheduled: 1, postponed: 2, finished: 3, cancelled: 4 } as const;
      const all = lists
        .flatMap((l) => l.list)
        .sort((a, b) => rank[a.status] - rank[b.status] || a.kickoff_at.localeCompare(b.kickoff_at));
      return ok(slicePage(all, { page, per_page }), '获取成功');
    },
  );
  app.get(
    '/v1/live-matches/statistics',
    {
      config: { publicCache: SPORTS },
      schema: {
        tags,
        summary: '今日赛事统计',
        querystring: z.object({ sport_type: z.coerce.number().int().min(1).max(4).default(1) }),
        response: { 200: envelope(matchStatistics) },
      },
    },
    async (request) =>
      ok(await svc.statistics(request.query.sport_type, beijingDate(app.services.clock.now())), '获取成功'),
  );
  app.get(
    '/v1/live-matches/:id/detail',
    {
      config: { publicCache: SPORTS },
      schema: {
        tags,
        summary: '比赛直播详情（事件、技术统计、即时赔率）',
        params: matchIdParam,
        response: { 200: envelope(matchDetail) },
      },
    },
    async (request) => ok(await svc.detail(request.params.id), '获取成功'),
  );
  app.get(
    '/v1/live-matches/intelligence',
    {
      config: { publicCache: SPORTS },
      schema: {
        tags,
        summary: '赛事情报（近期战绩、交锋）',
        querystring: matchQuery,
        response: { 200: envelope(liveIntelligence) },
      },
    },
    async (request) => ok(await svc.intelligence(request.query.match_id), '获取成功'),
  );
  app.get(
    '/v1/live-matches/missing',
    {
      config: { publicCache: SPORTS },
      schema: {
        tags,
        summary: '伤停（停赛）信息',
        querystring: matchQuery,
        response: { 200: envelope(liveMissing) },
      },
    },
    async (request) => ok(await svc.missing(request.query.match_id), '获取成功'),
  );
  app.get(
    '/v1/live-matches/odds',
    {
      config: { publicCache: SPORTS },
      schema: {
        tags,
        summary: '比赛即时赔率',
        querystring: matchQuery,
        response: { 200: envelope(z.array(marketView)) },
      },
    },
    async (request) => ok(await svc.plays(request.query.match_id), '获取成功'),
  );
  for (const [sport, sportType, label] of [
    ['football', 1, '足球'],
    ['basketball', 2, '篮球'],
  ] as const) {
    app.get(
      `/v1/live-matches/${sport}-odds`,
      {
        config: { publicCache: SPORTS },
        schema: {
          tags,
          summary: `${label}进行中赛事及即时赔率`,
          querystring: liveQuery,
          response: { 200: envelope(matchPage) },
        },
      },
      async (request) => ok(await live(sportType, request.query.page, request.query.per_page), '获取成功'),
    );
  }
};
