import { z } from 'zod';
import { isoDate, moneyInput, moneyString, paginated } from './common.ts';

/**
 * Slot and casino games (SPEC.md §7 "Games": /v1/game/list, /v1/game/enter, /v1/game/ng/*, and
 * the game records of "Reports"). The catalogue is the built-in demo provider's; a real
 * aggregator's catalogue would arrive through the same shapes.
 */

export const GAME_TYPES = [
  { code: 'slot', name: '电子' },
  { code: 'fishing', name: '捕鱼' },
  { code: 'table', name: '棋牌' },
] as const;
export type GameTypeCode = (typeof GAME_TYPES)[number]['code'];
export const GAME_TYPE_CODES = GAME_TYPES.map((t) => t.code) as [GameTypeCode, ...GameTypeCode[]];
export const GAME_TYPE_NAMES = Object.fromEntries(GAME_TYPES.map((t) => [t.code, t.name])) as Record<
  GameTypeCode,
  string
>;

/** How a demo game is played (the page our server serves at its game_url). */
export type GameEngine = 'slot' | 'fishing' | 'dragon_tiger';

/** Game data is valid this long after it is issued (SPEC.md §3). */
export const GAME_SESSION_TTL_MS = 5 * 60_000;

export const GAME_TRANSFER_STATUSES = ['pending', 'completed', 'failed'] as const;
export type GameTransferStatus = (typeof GAME_TRANSFER_STATUSES)[number];
export const GAME_TRANSFER_STATUS_TEXT: Record<GameTransferStatus, string> = {
  pending: '处理中',
  completed: '成功',
  failed: '失败',
};

// ---- requests -----------------------------------------------------------------------------

const gameTypeParam = z.enum(GAME_TYPE_CODES, { error: '游戏类型须为 slot、fishing 或 table' });
const platformParam = z.string().regex(/^[a-z0-9_]{2,20}$/, '平台代码格式不正确');
const gameCodeParam = z.string({ error: '请选择游戏' }).regex(/^[a-z0-9_]{2,40}$/, '游戏代码格式不正确');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式须为 YYYY-MM-DD');

export const gameListQuery = z.object({
  platform: platformParam.optional(),
  game_type: gameTypeParam.optional(),
  keyword: z.string().trim().max(30, '搜索词最多30个字').optional(),
});
export const gameTypeQuery = z.object({ game_type: gameTypeParam });
export const gameEnterBody = z.object({
  gameId: z
    .number({ error: 'gameId须为数字' })
    .int('gameId须为整数')
    .positive('gameId须为正数')
    .max(2_147_483_647, 'gameId无效'),
});
export const ngEnterGameBody = z.object({ game_code: gameCodeParam });
export const ngTransferBody = z.object({
  type: z.enum(['in', 'out'], { error: 'type 须为 in 或 out' }),
  amount: moneyInput.describe('元; out with 0 moves everything back to the main wallet'),
});
export const gameRecordsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(20),
    start_date: day.optional(),
    end_date: day.optional(),
    platform: platformParam.optional(),
    game_type: gameTypeParam.optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: '开始日期不能晚于结束日期',
    path: ['start_date'],
  });
export const gameRecordsStatsQuery = z
  .object({
    start_date: day.optional(),
    end_date: day.optional(),
    platform: platformParam.optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: '开始日期不能晚于结束日期',
    path: ['start_date'],
  });

// ---- responses ----------------------------------------------------------------------------

export const gameTypeView = z.object({ code: z.enum(GAME_TYPE_CODES), name: z.string() });
export const ngPlatformView = z
  .object({
    code: z.string(),
    name: z.string(),
    icon: z.string(),
    game_types: z.array(z.enum(GAME_TYPE_CODES)),
    game_count: z.number().int(),
  })
  .meta({ id: 'NgPlatform' });
export const gameView = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    icon: z.string(),
    platform: z.string(),
    platform_name: z.string(),
    game_type: z.enum(GAME_TYPE_CODES),
    game_type_name: z.string(),
    rtp: z.string().describe('Published return to player, e.g. "96.52%"'),
    hot: z.boolean(),
  })
  .meta({ id: 'Game' });
export const gameListView = z.object({ list: z.array(gameView) });
export const ngPlatformList = z.object({ list: z.array(ngPlatformView) });
export const gameTypeList = z.object({ list: z.array(gameTypeView) });
export const gameData = z
  .object({
    game_url: z.string(),
    session_id: z.string().describe('At least three underscore-separated parts'),
    timestamp: z.number().int().describe('Unix seconds when issued; the data expires 5 minutes later'),
    expires_at: isoDate,
    game_code: z.string(),
    game_name: z.string(),
    platform: z.string(),
  })
  .meta({ id: 'GameData' });
export const ngBalanceView = z
  .object({
    main_balance: moneyString,
    game_balance: moneyString.nullable().describe('The NG wallet at the provider; null when unreachable'),
    pending_in: moneyString.describe('Transfers in still being confirmed by the provider'),
    pending_count: z.number().int(),
    provider_available: z.boolean(),
  })
  .meta({ id: 'NgBalance' });
export const ngTransferResult = z
  .object({
    transfer_id: z.string(),
    type: z.enum(['in', 'out']),
    status: z.enum(GAME_TRANSFER_STATUSES),
    amount: moneyString,
    main_balance: moneyString,
    game_balance: moneyString.nullable(),
  })
  .meta({ id: 'NgTransferResult' });
export const gameRecordView = z
  .object({
    id: z.number().int(),
    round_id: z.string(),
    platform: z.string(),
    platform_name: z.string(),
    game_code: z.string(),
    game_name: z.string(),
    game_type: z.enum(GAME_TYPE_CODES),
    bet: moneyString,
    payout: moneyString,
    profit: moneyString,
    played_at: isoDate,
    detail: z.string().describe('What happened in the round, in words'),
  })
  .meta({ id: 'GameRecord' });
export const gameRecordPage = paginated(gameRecordView);
export const gameRecordStats = z
  .object({ count: z.number().int(), bet: moneyString, payout: moneyString, profit: moneyString })
  .meta({ id: 'GameRecordStats' });

export type GameTypeView = z.infer<typeof gameTypeView>;
export type NgPlatformView = z.infer<typeof ngPlatformView>;
export type GameView = z.infer<typeof gameView>;
export type GameDataView = z.infer<typeof gameData>;
export type NgBalance = z.infer<typeof ngBalanceView>;
export type NgTransferResultView = z.infer<typeof ngTransferResult>;
export type GameRecordView = z.infer<typeof gameRecordView>;
export type GameRecordStatsView = z.infer<typeof gameRecordStats>;
