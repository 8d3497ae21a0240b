import { memberApi, type MemberApi } from '@app/shared/api';
import { pageOf, slicePage } from '../../lib/paging.ts';
import { contractRoutes, type RouteSpec } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { beijingDate } from './matches.service.ts';

const tags = ['滚球直播'];
/** The same for every visitor: kept in memory until the feed or an operator changes a match. */
const config = { publicCache: ['sports'] } as const;

/** Live scores and in-play odds (SPEC.md §7 "Matches", live). Updates also push on `matches.live`. */
export const liveRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.matches;
  // A feed without in-play (竞彩: sales close at kick-off) has no 滚球 to list: a kicked-off match
  // has neither prices nor a running score, only a result to wait for (赛程 and 赛果 show it).
  const inPlay = app.services.sportsFeed.inPlay;
  const live = async (sportType: number, page: number, perPage: number) =>
    inPlay
      ? svc.list({ sport_type: sportType, page, per_page: perPage }, { statuses: ['live'] })
      : { ...pageOf([], 0, { page, per_page: perPage }), server_time: app.services.clock.now().getTime() };
  const liveOf = (
    sportType: number,
    summary: string,
  ): RouteSpec<MemberApi['GET /v1/live-matches/football']> => ({
    tags,
    summary,
    config,
    handler: async (request) =>
      ok(await live(sportType, request.query.page, request.query.per_page), '获取成功'),
  });

  return {
    'GET /v1/live-matches/football': liveOf(1, '足球进行中'),
    'GET /v1/live-matches/basketball': liveOf(2, '篮球进行中'),
    'GET /v1/live-matches/live': {
      tags,
      summary: '全部进行中（足球在前）',
      config,
      handler: async (request) => {
        const { page, per_page } = request.query;
        if (request.query.sport_type)
          return ok(await live(request.query.sport_type, page, per_page), '获取成功');
        const [football, basketball] = await Promise.all([live(1, 1, 100), live(2, 1, 100)]);
        const all = [...football.list, ...basketball.list];
        return ok(slicePage(all, { page, per_page }), '获取成功');
      },
    },
    'GET /v1/live-matches/all': {
      tags,
      summary: '今日赛事（进行中、未开赛、已完场）',
      config,
      handler: async (request) => {
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
    },
    'GET /v1/live-matches/statistics': {
      tags,
      summary: '今日赛事统计',
      config,
      handler: async (request) =>
        ok(await svc.statistics(request.query.sport_type, beijingDate(app.services.clock.now())), '获取成功'),
    },
    'GET /v1/live-matches/:id/detail': {
      tags,
      summary: '比赛直播详情（事件、技术统计、即时赔率）',
      config,
      handler: async (request) => ok(await svc.detail(request.params.id), '获取成功'),
    },
    'GET /v1/live-matches/intelligence': {
      tags,
      summary: '赛事情报（近期战绩、交锋）',
      config,
      handler: async (request) => ok(await svc.intelligence(request.query.match_id), '获取成功'),
    },
    'GET /v1/live-matches/missing': {
      tags,
      summary: '伤停（停赛）信息',
      config,
      handler: async (request) => ok(await svc.missing(request.query.match_id), '获取成功'),
    },
    'GET /v1/live-matches/odds': {
      tags,
      summary: '比赛即时赔率',
      config,
      handler: async (request) => ok(await svc.plays(request.query.match_id), '获取成功'),
    },
    'GET /v1/live-matches/football-odds': liveOf(1, '足球进行中赛事及即时赔率'),
    'GET /v1/live-matches/basketball-odds': liveOf(2, '篮球进行中赛事及即时赔率'),
  };
});
