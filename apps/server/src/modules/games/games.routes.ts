import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf } from '../../plugins/idempotency-key.ts';

const tags = ['电子游戏'];
const reportTags = ['报表'];
const member = { member: true } as const;

/** Slot and casino games (SPEC.md §7 "Games": /v1/game/list, /enter, /ng/*) and game records (Reports). */
export const gamesRoutes = contractRoutes(memberApi, (app) => {
  const { games, gameTransfers, gameRecords } = app.services;
  return {
    // ---- catalogue: visitors may browse ------------------------------------------------------
    'GET /v1/game/list': {
      tags,
      summary: '游戏列表（可按平台、类型、关键字筛选）',
      handler: async (request) => ok(games.games(request.query), '获取成功'),
    },
    'GET /v1/game/ng/platforms': {
      tags,
      summary: '游戏平台',
      handler: async () => ok(games.platforms(), '获取成功'),
    },
    'GET /v1/game/ng/game-types': {
      tags,
      summary: '游戏类型',
      handler: async () => ok(games.gameTypes(), '获取成功'),
    },
    'GET /v1/game/ng/platforms-by-type': {
      tags,
      summary: '某类型下的平台',
      handler: async (request) => ok(games.platforms(request.query.game_type), '获取成功'),
    },
    'GET /v1/game/ng/game-list-by-type': {
      tags,
      summary: '某类型下的游戏',
      handler: async (request) => ok(games.games({ game_type: request.query.game_type }), '获取成功'),
    },
    'GET /v1/game/ng/game-list': {
      tags,
      summary: '平台游戏列表',
      handler: async (request) => ok(games.games(request.query), '获取成功'),
    },

    // ---- what a member does: enter games, move money, read records ---------------------------
    'POST /v1/game/enter': {
      tags,
      summary: '进入游戏（游戏数据5分钟内有效）',
      access: member,
      handler: async (request) =>
        ok(await games.enter(memberOf(request).member.id, { id: request.body.gameId }), '获取成功'),
    },
    'POST /v1/game/ng/enter-game': {
      tags,
      summary: '进入平台游戏',
      access: member,
      handler: async (request) =>
        ok(await games.enter(memberOf(request).member.id, { code: request.body.game_code }), '获取成功'),
    },
    'GET /v1/game/ng/balance': {
      tags,
      summary: '主钱包与游戏钱包余额',
      access: member,
      handler: async (request) => ok(await gameTransfers.balance(memberOf(request).member.id), '获取成功'),
    },
    'POST /v1/game/ng/transfer': {
      tags,
      summary: '游戏钱包转入/转出（out 且 amount 为 0 时全部转出；支持 Idempotency-Key）',
      access: member,
      handler: async (request) => {
        const { view, message } = await gameTransfers.transfer(
          memberOf(request).member,
          request.body.type,
          request.body.amount,
          idempotencyKeyOf(request),
        );
        return ok(view, message);
      },
    },
    'GET /v1/game/ng/game-records': {
      tags,
      summary: '游戏记录',
      access: member,
      handler: async (request) =>
        ok(await gameRecords.list(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/game-records': {
      tags: reportTags,
      summary: '游戏记录（按日期筛选）',
      access: member,
      handler: async (request) =>
        ok(await gameRecords.list(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/game-records/stats': {
      tags: reportTags,
      summary: '游戏记录统计',
      access: member,
      handler: async (request) =>
        ok(await gameRecords.stats(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/game-records/:id': {
      tags: reportTags,
      summary: '游戏记录详情',
      access: member,
      handler: async (request) =>
        ok(await gameRecords.detail(memberOf(request).member.id, request.params.id), '获取成功'),
    },
  };
});
