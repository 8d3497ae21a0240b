import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  gameData,
  gameEnterBody,
  gameListQuery,
  gameListView,
  gameRecordPage,
  gameRecordsQuery,
  gameRecordsStatsQuery,
  gameRecordStats,
  gameRecordView,
  gameTypeList,
  gameTypeQuery,
  idParam,
  ngBalanceView,
  ngEnterGameBody,
  ngPlatformList,
  ngTransferBody,
  ngTransferResult,
} from '@app/shared';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf } from '../../plugins/idempotency-key.ts';

const tags = ['电子游戏'];
const security = [{ bearer: [] }];

/** Slot and casino games (SPEC.md §7 "Games": /v1/game/list, /enter, /ng/*) and game records (Reports). */
export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { games } = app.services;

  // ---- catalogue: visitors may browse ------------------------------------------------------
  app.get(
    '/v1/game/list',
    {
      schema: {
        tags,
        summary: '游戏列表（可按平台、类型、关键字筛选）',
        querystring: gameListQuery,
        response: { 200: envelope(gameListView) },
      },
    },
    async (request) => ok(games.games(request.query), '获取成功'),
  );
  app.get(
    '/v1/game/ng/platforms',
    { schema: { tags, summary: '游戏平台', response: { 200: envelope(ngPlatformList) } } },
    async () => ok(games.platforms(), '获取成功'),
  );
  app.get(
    '/v1/game/ng/game-types',
    { schema: { tags, summary: '游戏类型', response: { 200: envelope(gameTypeList) } } },
    async () => ok(games.gameTypes(), '获取成功'),
  );
  app.get(
    '/v1/game/ng/platforms-by-type',
    {
      schema: {
        tags,
        summary: '某类型下的平台',
        querystring: gameTypeQuery,
        response: { 200: envelope(ngPlatformList) },
      },
    },
    async (request) => ok(games.platforms(request.query.game_type), '获取成功'),
  );
  app.get(
    '/v1/game/ng/game-list-by-type',
    {
      schema: {
        tags,
        summary: '某类型下的游戏',
        querystring: gameTypeQuery,
        response: { 200: envelope(gameListView) },
      },
    },
    async (request) => ok(games.games({ game_type: request.query.game_type }), '获取成功'),
  );
  app.get(
    '/v1/game/ng/game-list',
    {
      schema: {
        tags,
        summary: '平台游戏列表',
        querystring: gameListQuery,
        response: { 200: envelope(gameListView) },
      },
    },
    async (request) => ok(games.games(request.query), '获取成功'),
  );

  await app.register(memberGameRoutes);
};

/** What a member does: enter games, move money, read records. */
const memberGameRoutes: FastifyPluginAsyncZod = async (member) => {
  const { games, gameTransfers, gameRecords } = member.services;
  member.addHook('onRequest', member.authenticate);

  member.post(
    '/v1/game/enter',
    {
      schema: {
        tags,
        summary: '进入游戏（游戏数据5分钟内有效）',
        security,
        body: gameEnterBody,
        response: { 200: envelope(gameData) },
      },
    },
    async (request) =>
      ok(await games.enter(memberOf(request).member.id, { id: request.body.gameId }), '获取成功'),
  );
  member.post(
    '/v1/game/ng/enter-game',
    {
      schema: {
        tags,
        summary: '进入平台游戏',
        security,
        body: ngEnterGameBody,
        response: { 200: envelope(gameData) },
      },
    },
    async (request) =>
      ok(await games.enter(memberOf(request).member.id, { code: request.body.game_code }), '获取成功'),
  );
  member.get(
    '/v1/game/ng/balance',
    {
      schema: { tags, summary: '主钱包与游戏钱包余额', security, response: { 200: envelope(ngBalanceView) } },
    },
    async (request) => ok(await gameTransfers.balance(memberOf(request).member.id), '获取成功'),
  );
  member.post(
    '/v1/game/ng/transfer',
    {
      schema: {
        tags,
        summary: '游戏钱包转入/转出（out 且 amount 为 0 时全部转出；支持 Idempotency-Key）',
        security,
        body: ngTransferBody,
        response: { 200: envelope(ngTransferResult) },
      },
    },
    async (request) => {
      const { view, message } = await gameTransfers.transfer(
        memberOf(request).member,
        request.body.type,
        request.body.amount,
        idempotencyKeyOf(request),
      );
      return ok(view, message);
    },
  );
  member.get(
    '/v1/game/ng/game-records',
    {
      schema: {
        tags,
        summary: '游戏记录',
        security,
        querystring: gameRecordsQuery,
        response: { 200: envelope(gameRecordPage) },
      },
    },
    async (request) => ok(await gameRecords.list(memberOf(request).member.id, request.query), '获取成功'),
  );
  member.get(
    '/v1/game-records',
    {
      schema: {
        tags: ['报表'],
        summary: '游戏记录（按日期筛选）',
        security,
        querystring: gameRecordsQuery,
        response: { 200: envelope(gameRecordPage) },
      },
    },
    async (request) => ok(await gameRecords.list(memberOf(request).member.id, request.query), '获取成功'),
  );
  member.get(
    '/v1/game-records/stats',
    {
      schema: {
        tags: ['报表'],
        summary: '游戏记录统计',
        security,
        querystring: gameRecordsStatsQuery,
        response: { 200: envelope(gameRecordStats) },
      },
    },
    async (request) => ok(await gameRecords.stats(memberOf(request).member.id, request.query), '获取成功'),
  );
  member.get(
    '/v1/game-records/:id',
    {
      schema: {
        tags: ['报表'],
        summary: '游戏记录详情',
        security,
        params: idParam,
        response: { 200: envelope(gameRecordView) },
      },
    },
    async (request) =>
      ok(await gameRecords.detail(memberOf(request).member.id, request.params.id), '获取成功'),
  );
};
