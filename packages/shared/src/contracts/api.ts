import { z } from 'zod';
import {
  activityApplyBody,
  activityApplyResult,
  activityDetail,
  activityIdParam,
  activityListQuery,
  activityPage,
  activityTypeList,
  applicationPage,
  applicationStatus,
  myApplicationsQuery,
} from './activities.ts';
import {
  agentApplication,
  agentApplicationPage,
  agentBetPage,
  agentBetsQuery,
  agentMemberDetail,
  agentMemberPage,
  agentMembersQuery,
  agentOverview,
  agentRecordPage,
  agentRecordsQuery,
  applicationHistoryQuery,
  applicationStats,
  applyAgentBody,
  cancelApplicationBody,
} from './agents.ts';
import {
  appConfigBatchBody,
  appConfigEntry,
  appConfigKeyParam,
  appConfigValues,
  appInfo,
  bottomNavItem,
  featureConfig,
  gameCategory,
  navigationConfig,
} from './app.ts';
import {
  exclusionView,
  playLimitView,
  playSessionView,
  realityCheckBody,
  responsiblePlayView,
  setPlayLimitBody,
  startExclusionBody,
} from './responsible.ts';
import {
  agentRegisterBody,
  agentValidateBody,
  authResult,
  changePasswordBody,
  codeValidation,
  domainRegisterBody,
  domainValidateBody,
  domainValidation,
  inviteRegisterBody,
  inviteValidateBody,
  loginBody,
  registerBody,
  setPaymentPasswordBody,
  smartRegisterBody,
  smartRegisterResult,
} from './auth.ts';
import {
  clientLogDeleteResult,
  clientLogExport,
  clientLogPage,
  clientLogStats,
  logListQuery,
  logUploadBody,
  logUploadResult,
} from './client-logs.ts';
import { idParam, okData, paginated } from './common.ts';
import {
  articleLimitQuery,
  bannerListQuery,
  bannerPageTypeQuery,
  bannerView,
  contentIdParam,
  expertArticleDetail,
  expertArticleListQuery,
  expertArticleSummary,
  expertCategoryView,
  expertListQuery,
  expertStats,
  expertView,
  favoriteStatus,
  likeStatus,
  lotteryArticleDetail,
  lotteryArticleListQuery,
  lotteryArticleSearchQuery,
  lotteryArticleSummary,
  lotteryCategoryView,
  noticeCategoryParam,
  noticeCategoryView,
  noticeDetail,
  noticeHotQuery,
  noticeListQuery,
  noticePage,
  noticePageQuery,
  noticeSearchQuery,
  noticeSummary,
  viewCount,
} from './content.ts';
import {
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
  ngBalanceView,
  ngEnterGameBody,
  ngPlatformList,
  ngTransferBody,
  ngTransferResult,
} from './games.ts';
import {
  agentStatus,
  generateCodeResult,
  inviteInfo,
  inviteRanking,
  inviteRules,
  inviteStatistics,
  inviteUrl,
  rankingQuery,
  referralPage,
  referralQuery,
  rewardPage,
  rewardQuery,
  validateCodeBody,
  validateCodeResult,
} from './invite.ts';
import {
  betCodesBody,
  betCodesValidation,
  itemCountResult,
  lotteryAddress,
  lotteryAddressBody,
  lotteryBatchCancelResult,
  lotteryBetBatchCancelBody,
  lotteryBetCancelBody,
  lotteryBetCancelResult,
  lotteryBetCreateBody,
  lotteryBetCreateResult,
  lotteryBetDetail,
  lotteryBetDetailQuery,
  lotteryBetListQuery,
  lotteryBetPage,
  lotteryBetStats,
  lotteryBetStatsQuery,
  lotteryCodeQuery,
  lotteryCurrentExpect,
  lotteryDetail,
  lotteryFamilyQuery,
  lotteryGameList,
  lotteryHistoryQuery,
  lotteryList,
  lotteryNoticePage,
  lotteryNoticeQuery,
  lotteryPeriodOptionalQuery,
  lotteryPeriodQuery,
  lotteryPeriodView,
  lotteryPlayGroups,
  lotteryPlayView,
  lotterySettlementStats,
  lotteryTokenResult,
  lotteryTransferBody,
  lotteryTransferResult,
  lotteryTrend,
  lotteryTrendQuery,
  lotteryVerification,
  lotteryWalletBalance,
  lotteryAutoTransferBody,
  lotteryAutoTransferResult,
  playDetailQuery,
} from './lottery.ts';
import {
  markAllReadBody,
  markMultipleReadBody,
  messageChangeResult,
  messageIdParam,
  messageItem,
  messageListQuery,
  messagePage,
  messageStatistics,
  messageTypeList,
  unreadCount,
} from './messages.ts';
import {
  createdPaymentOrder,
  createPaymentOrderBody,
  openUsdtOrder,
  paymentInfo,
  paymentInfoBody,
  paymentMethodList,
  paymentOrderPage,
  paymentOrderQuery,
  paymentOrderSimplePage,
  paymentOrderView,
  paymentStatistics,
  submitTransferBody,
  systemWalletAddress,
  systemWalletQuery,
  usdtRateView,
} from './payments.ts';
import {
  broadcastingAuthBatchBody,
  broadcastingAuthBody,
  channelAuth,
  channelAuthBatch,
  connectionInfo,
  connectionTestResult,
  currentBalance,
  heartbeatBody,
  onlineStatus,
  updateStatusBody,
} from './realtime.ts';
import {
  bettingRecord,
  bettingRecordIdParam,
  bettingRecordList,
  bettingRecordsQuery,
  bettingStats,
  bettingStatsQuery,
  billList,
  billsQuery,
  billTypes,
  comprehensiveQuery,
  comprehensiveReport,
  recordIdParam,
} from './reports.ts';
import {
  bonusLog,
  bonusLogList,
  bonusLogsQuery,
  bonusStats,
  bonusStatsQuery,
  bonusTypes,
  rebateApplyResult,
  rebateClaimableStats,
  rebateClaimMultipleBody,
  rebateClaimResult,
  rebateDetail,
  rebateEstimate,
  rebateRecordList,
  rebateRecordsQuery,
  rebateStats,
  rebateStatsQuery,
} from './rewards.ts';
import {
  betTypeQuery,
  comboQuery,
  comboStats,
  comboView,
  leagueView,
  liveIntelligence,
  liveMissing,
  marketView,
  matchDetail,
  matchIdParam,
  matchListQuery,
  matchPage,
  matchStatistics,
  orderDetail,
  orderHistoryQuery,
  orderNoParam,
  orderSubmitBody,
  orderSubmitResult,
  orderSummary,
  playView,
  sportsPreferences,
  boostView,
  sportsPreferencesBody,
  sportTypeParam,
} from './sports.ts';
import { cashOutBody, cashOutOffer, cashOutQuery, cashOutResult } from './cash-out.ts';
import {
  followCopyBody,
  followCopyResult,
  followLeaderboard,
  followLeaderboardQuery,
  followListQuery,
  followPostBody,
  followPostPage,
  followPostParam,
  followPostView,
} from './follow.ts';
import {
  syndicateBuyBody,
  syndicateCreateBody,
  syndicateDetail,
  syndicateListQuery,
  syndicateMoneyResult,
  syndicatePage,
  syndicateParam,
} from './syndicates.ts';
import {
  chaseCreateBody,
  chaseCreateResult,
  chaseDetail,
  chaseListQuery,
  chaseNoBody,
  chaseNoQuery,
  chasePage,
} from './chase.ts';
import { freeBetPage, freeBetsQuery } from './free-bets.ts';
import {
  redPacketClaimPage,
  redPacketClaimResult,
  redPacketClaimsQuery,
  redPacketCodeBody,
  redPacketIdParam,
  redPacketList,
  redPacketView,
} from './red-packets.ts';
import { balanceInfo, updateProfileBody, userInfo, vipLevelInfo } from './user.ts';
import {
  bankList,
  createWithdrawBody,
  userWalletBody,
  userWalletList,
  userWalletTypes,
  userWalletView,
  withdrawBalance,
  withdrawConfig,
  withdrawPage,
  withdrawQuery,
  withdrawStatistics,
  withdrawView,
} from './withdrawals.ts';

// ---- pieces of routes' schemas that no feature contract names ------------------------------
// The server's routes take them from the entries below (plugins/contract-routes.ts); kept here,
// outside the package's main barrel, so the web bundle never carries them.

/** GET /v1/matches/statistics, /v1/matches-list/statistics: one sport's counts, of a day if given. */
export const matchStatisticsQuery = z.object({ sport_type: sportTypeParam, date: matchListQuery.shape.date });
/** GET /v1/{football|basketball}/matches: the sport is in the path, the play may narrow the odds. */
export const sportMatchListQuery = matchListQuery
  .omit({ sport_type: true, status: true })
  .extend(betTypeQuery.shape);
/** GET /v1/leagues, /v1/leagues-list. */
export const leagueListQuery = z.object({ sport_type: sportTypeParam });
/** GET /v1/plays, /v1/plays-list: a sport's play catalogue, paged. */
export const playListQuery = z.object({
  sport_type: sportTypeParam,
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
/** GET /v1/live-matches/{football|basketball|live|all|football-odds|basketball-odds}. */
export const liveMatchesQuery = z.object({
  sport_type: z.coerce.number().int().min(1).max(4).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});
/** GET /v1/live-matches/{intelligence|missing|odds}?match_id=. */
export const liveMatchQuery = z.object({
  match_id: z.coerce.number({ error: 'match_id 须为数字' }).int().positive().max(2_147_483_647),
});
/** GET /v1/live-matches/statistics: today's counts of one sport (football unless named). */
export const liveStatisticsQuery = z.object({ sport_type: z.coerce.number().int().min(1).max(4).default(1) });
/** Agent-centre ids (agents.routes.ts `rowIdParam`): within the integer column's range. */
export const agentRowIdParam = z.object({
  id: z.coerce
    .number({ error: 'id 必须是数字' })
    .int('id 必须是整数')
    .positive('id 必须为正数')
    .max(2 ** 31 - 1, '记录不存在'),
});
/** POST /v1/user/profile (user.routes.ts): this session stays, the others end. */
export const changePasswordResult = z.object({ revoked_sessions: z.number().int() });
/** POST /v1/user/set-payment-password (user.routes.ts). */
export const setPaymentPasswordResult = z.object({ has_payment_password: z.literal(true) });
/** POST /v1/websocket/heartbeat (realtime.routes.ts). */
export const heartbeatResult = z.object({ server_time: z.number().int(), status: z.literal('online') });

/**
 * The member API the web app calls, keyed by `METHOD /path` (path parameters as `:name`), with
 * the zod schemas of its path parameters, query string, body and `data` of the answer. The server
 * declares the same schemas on its routes (contract-routes.test.ts on the server proves each entry
 * against the registered route); the web app's client (`apps/web/src/lib/api/client.ts`) takes its
 * argument and result types from here with `import type` only, so none of this is in its bundle.
 */
export const memberApi = {
  'GET /v1/activity/types': { response: activityTypeList },
  'GET /v1/activity/list': { query: activityListQuery, response: activityPage },
  'GET /v1/activity/detail/:id': { params: activityIdParam, response: activityDetail },
  'GET /v1/activity/:id/application-status': { params: activityIdParam, response: applicationStatus },
  'GET /v1/activity/my-applications': { query: myApplicationsQuery, response: applicationPage },
  'POST /v1/activity/apply': { body: activityApplyBody, response: activityApplyResult },
  'GET /v1/bills': { query: billsQuery, response: billList },
  'GET /v1/bills/types': { response: billTypes },
  'GET /v1/bonus-logs': { query: bonusLogsQuery, response: bonusLogList },
  'GET /v1/bonus-logs/statistics': { query: bonusStatsQuery, response: bonusStats },
  'GET /v1/bonus-logs/types': { response: bonusTypes },
  'GET /v1/bonus-logs/:id': { params: recordIdParam, response: bonusLog },
  'GET /v1/rebate/stats': { query: rebateStatsQuery, response: rebateStats },
  'POST /v1/rebate/calculate': { response: rebateEstimate },
  'GET /v1/rebate/records': { query: rebateRecordsQuery, response: rebateRecordList },
  'GET /v1/rebate/detail/:id': { params: recordIdParam, response: rebateDetail },
  'GET /v1/rebate/claimable-stats': { response: rebateClaimableStats },
  'GET /v1/reports/comprehensive': { query: comprehensiveQuery, response: comprehensiveReport },
  'GET /v1/betting-records': { query: bettingRecordsQuery, response: bettingRecordList },
  'GET /v1/betting-records/stats': { query: bettingStatsQuery, response: bettingStats },
  'GET /v1/betting-records/:id': { params: bettingRecordIdParam, response: bettingRecord },
  'POST /v1/rebate/apply': { response: rebateApplyResult },
  'POST /v1/rebate/claim-all': { response: rebateClaimResult },
  'POST /v1/rebate/claim/:id': { params: recordIdParam, response: rebateClaimResult },
  'POST /v1/rebate/claim-multiple': { body: rebateClaimMultipleBody, response: rebateClaimResult },
  'GET /v1/liujiu/lottery/list': { query: lotteryFamilyQuery, response: lotteryList },
  'GET /v1/liujiu/lottery/detail': { query: lotteryCodeQuery, response: lotteryDetail },
  'GET /v1/liujiu/lottery/current-expect': { query: lotteryCodeQuery, response: lotteryCurrentExpect },
  'GET /v1/liujiu/lottery/history-open-codes': {
    query: lotteryHistoryQuery,
    response: paginated(lotteryPeriodView),
  },
  'GET /v1/liujiu/lottery/verify': { query: lotteryPeriodQuery, response: lotteryVerification },
  'GET /v1/liujiu/lottery/open-code': { query: lotteryPeriodQuery, response: lotteryPeriodView },
  'GET /v1/liujiu/lottery/latest-open-code': {
    query: lotteryCodeQuery,
    response: lotteryPeriodView.nullable(),
  },
  'GET /v1/liujiu/lottery/settlement-stats': {
    query: lotteryPeriodOptionalQuery,
    response: lotterySettlementStats,
  },
  'GET /v1/liujiu/play/detail': { query: playDetailQuery, response: lotteryPlayView },
  'POST /v1/liujiu/play/calculate-item-count': { body: betCodesBody, response: itemCountResult },
  'POST /v1/liujiu/play/validate-bet-codes': { body: betCodesBody, response: betCodesValidation },
  'GET /v1/liujiu/play/list': { query: lotteryCodeQuery, response: lotteryPlayGroups },
  'GET /v1/liujiu/bet/trend': { query: lotteryTrendQuery, response: lotteryTrend },
  'GET /v1/liujiu/bet/list': { query: lotteryBetListQuery, response: lotteryBetPage },
  'GET /v1/liujiu/bet/detail': { query: lotteryBetDetailQuery, response: lotteryBetDetail },
  'GET /v1/liujiu/bet/stats': { query: lotteryBetStatsQuery, response: lotteryBetStats },
  'POST /v1/liujiu/bet/create': { body: lotteryBetCreateBody, response: lotteryBetCreateResult },
  'POST /v1/liujiu/bet/cancel': { body: lotteryBetCancelBody, response: lotteryBetCancelResult },
  'POST /v1/liujiu/bet/batch-cancel': { body: lotteryBetBatchCancelBody, response: lotteryBatchCancelResult },
  'POST /v1/chase/create': { body: chaseCreateBody, response: chaseCreateResult },
  'GET /v1/chase/list': { query: chaseListQuery, response: chasePage },
  'GET /v1/chase/detail': { query: chaseNoQuery, response: chaseDetail },
  'POST /v1/chase/cancel': { body: chaseNoBody, response: chaseDetail },
  'GET /v1/liujiu/notices': { query: lotteryNoticeQuery, response: lotteryNoticePage },
  'GET /v1/game/lottery/list': { response: lotteryGameList },
  'POST /v1/game/lottery/address': { body: lotteryAddressBody, response: lotteryAddress },
  'GET /v1/game/lottery/balance': { response: lotteryWalletBalance },
  'PUT /v1/game/lottery/auto-transfer': {
    body: lotteryAutoTransferBody,
    response: lotteryAutoTransferResult,
  },
  'POST /v1/game/lottery/transfer-in': { body: lotteryTransferBody, response: lotteryTransferResult },
  'POST /v1/game/lottery/transfer-out': { body: lotteryTransferBody, response: lotteryTransferResult },
  'POST /v1/update-lottery-token': { response: lotteryTokenResult },
  'POST /v1/login': { body: loginBody, response: authResult },
  'POST /v1/logout': { response: okData },
  'POST /v1/register': { body: registerBody, response: authResult },
  'POST /v1/invite/register': { body: inviteRegisterBody, response: authResult },
  'POST /v1/agent/register': { body: agentRegisterBody, response: authResult },
  'POST /v1/agent/register-by-domain': { body: domainRegisterBody, response: authResult },
  'POST /v1/smart/register': { body: smartRegisterBody, response: smartRegisterResult },
  'POST /v1/invite/validate': { body: inviteValidateBody, response: codeValidation },
  'POST /v1/agent/validate': { body: agentValidateBody, response: codeValidation },
  'POST /v1/domain/validate': { body: domainValidateBody.nullish(), response: domainValidation },
  'GET /v1/me': { response: userInfo },
  'GET /v1/user/balance': { response: balanceInfo },
  'GET /v1/user/viplevel': { response: vipLevelInfo },
  'GET /v1/user/profile': { response: userInfo },
  'POST /v1/user/update': { body: updateProfileBody, response: userInfo },
  // SPEC.md spells the profile calls without /v1; both spellings answer.
  'GET /user/profile': { response: userInfo },
  'POST /user/update': { body: updateProfileBody, response: userInfo },
  'POST /v1/user/profile': { body: changePasswordBody, response: changePasswordResult },
  'POST /v1/user/set-payment-password': { body: setPaymentPasswordBody, response: setPaymentPasswordResult },
  'POST /v1/appinfo': { response: appInfo },
  'GET /v1/app/config/all': { response: appConfigValues },
  'GET /v1/app/config/game-categories': { response: z.array(gameCategory) },
  'GET /v1/app/config/navigation': { response: navigationConfig },
  'GET /v1/app/config/features': { response: featureConfig },
  'GET /v1/app/config/bottom-navigation': { response: z.array(bottomNavItem) },
  'POST /v1/app/config/batch': { body: appConfigBatchBody, response: appConfigValues.partial() },
  'GET /v1/app/config/:key': { params: appConfigKeyParam, response: appConfigEntry },
  'GET /v1/order/history': { query: orderHistoryQuery, response: paginated(orderSummary) },
  'GET /v1/order/detail/:id': { params: idParam, response: orderDetail },
  'GET /v1/order/by-no/:orderNo/detail': { params: orderNoParam, response: orderDetail },
  'GET /v1/order/by-no/:orderNo/combo-stats': { params: orderNoParam, response: comboStats },
  'GET /v1/order/by-no/:orderNo/combo-details': {
    params: orderNoParam,
    query: comboQuery,
    response: paginated(comboView),
  },
  'POST /v1/order/submit': { body: orderSubmitBody, response: orderSubmitResult },
  'GET /v1/sports/preferences': { response: sportsPreferences },
  'GET /v1/sports/boosts': { response: z.array(boostView) },
  'GET /v1/free-bets': { query: freeBetsQuery, response: freeBetPage },
  'POST /v1/follow/posts': { body: followPostBody, response: followPostView },
  'GET /v1/follow/posts': { query: followListQuery, response: followPostPage },
  'GET /v1/follow/posts/:id': { params: followPostParam, response: followPostView },
  'GET /v1/follow/leaderboard': { query: followLeaderboardQuery, response: followLeaderboard },
  'POST /v1/follow/posts/:id/copy': {
    params: followPostParam,
    body: followCopyBody,
    response: followCopyResult,
  },
  'POST /v1/syndicates': { body: syndicateCreateBody, response: syndicateMoneyResult },
  'GET /v1/syndicates': { query: syndicateListQuery, response: syndicatePage },
  'GET /v1/syndicates/:id': { params: syndicateParam, response: syndicateDetail },
  'POST /v1/syndicates/:id/buy': {
    params: syndicateParam,
    body: syndicateBuyBody,
    response: syndicateMoneyResult,
  },
  'GET /v1/cash-out/:orderNo': { params: orderNoParam, query: cashOutQuery, response: cashOutOffer },
  'POST /v1/cash-out/:orderNo': { params: orderNoParam, body: cashOutBody, response: cashOutResult },
  'GET /v1/red-packets': { response: redPacketList },
  'GET /v1/red-packets/claims': { query: redPacketClaimsQuery, response: redPacketClaimPage },
  'GET /v1/red-packets/:id': { params: redPacketIdParam, response: redPacketView },
  'POST /v1/red-packets/:id/claim': { params: redPacketIdParam, response: redPacketClaimResult },
  'POST /v1/red-packets/code': { body: redPacketCodeBody, response: redPacketClaimResult },
  'PUT /v1/sports/preferences': { body: sportsPreferencesBody, response: sportsPreferences },
  'GET /v1/football/matches': { query: sportMatchListQuery, response: matchPage },
  'GET /v1/basketball/matches': { query: sportMatchListQuery, response: matchPage },
  'GET /v1/matches-list/statistics': { query: matchStatisticsQuery, response: matchStatistics },
  'GET /v1/matches-list/results': { query: matchListQuery, response: matchPage },
  'GET /v1/matches/list': { query: matchListQuery, response: matchPage },
  'GET /v1/matches-list/list': { query: matchListQuery, response: matchPage },
  'GET /v1/matches/statistics': { query: matchStatisticsQuery, response: matchStatistics },
  'GET /v1/matches/:id/detail': { params: matchIdParam, query: betTypeQuery, response: matchDetail },
  'GET /v1/matches-list/:id/detail': { params: matchIdParam, query: betTypeQuery, response: matchDetail },
  'GET /v1/matches/:id/plays': { params: matchIdParam, response: z.array(marketView) },
  'GET /v1/matches-list/:id/plays': { params: matchIdParam, response: z.array(marketView) },
  'GET /v1/leagues': { query: leagueListQuery, response: z.array(leagueView) },
  'GET /v1/leagues-list': { query: leagueListQuery, response: z.array(leagueView) },
  'GET /v1/plays': { query: playListQuery, response: paginated(playView) },
  'GET /v1/plays-list': { query: playListQuery, response: paginated(playView) },
  'GET /v1/football/odds/:id': { params: matchIdParam, query: betTypeQuery, response: matchDetail },
  'GET /v1/basketball/odds/:id': { params: matchIdParam, query: betTypeQuery, response: matchDetail },
  'GET /v1/live-matches/football': { query: liveMatchesQuery, response: matchPage },
  'GET /v1/live-matches/basketball': { query: liveMatchesQuery, response: matchPage },
  'GET /v1/live-matches/live': { query: liveMatchesQuery, response: matchPage },
  'GET /v1/live-matches/all': { query: liveMatchesQuery, response: matchPage },
  'GET /v1/live-matches/:id/detail': { params: matchIdParam, response: matchDetail },
  'GET /v1/live-matches/intelligence': { query: liveMatchQuery, response: liveIntelligence },
  'GET /v1/live-matches/missing': { query: liveMatchQuery, response: liveMissing },
  'GET /v1/live-matches/statistics': { query: liveStatisticsQuery, response: matchStatistics },
  'GET /v1/live-matches/odds': { query: liveMatchQuery, response: z.array(marketView) },
  'GET /v1/live-matches/football-odds': { query: liveMatchesQuery, response: matchPage },
  'GET /v1/live-matches/basketball-odds': { query: liveMatchesQuery, response: matchPage },
  'GET /v1/agent/overview': { response: agentOverview },
  'GET /v1/agent/members': { query: agentMembersQuery, response: agentMemberPage },
  'GET /v1/agent/members/:id': { params: agentRowIdParam, response: agentMemberDetail },
  'GET /v1/agent/records': { query: agentRecordsQuery, response: agentRecordPage },
  'GET /v1/agent/members/:id/bets': {
    params: agentRowIdParam,
    query: agentBetsQuery,
    response: agentBetPage,
  },
  'GET /v1/payment-orders/methods': { response: paymentMethodList },
  'GET /v1/payment-orders/usdt-rate': { response: usdtRateView },
  'GET /v1/payment-orders/system-wallet-address': { query: systemWalletQuery, response: systemWalletAddress },
  'GET /v1/payment-orders/statistics': { response: paymentStatistics },
  'GET /v1/payment-orders/simple': { query: paymentOrderQuery, response: paymentOrderSimplePage },
  'GET /v1/payment-orders/open-usdt': { response: openUsdtOrder },
  'GET /v1/payment-orders': { query: paymentOrderQuery, response: paymentOrderPage },
  'GET /v1/payment-orders/:id': { params: idParam, response: paymentOrderView },
  'POST /v1/payment-orders': { body: createPaymentOrderBody, response: createdPaymentOrder },
  'POST /v1/payment-orders/payment-info': { body: paymentInfoBody, response: paymentInfo },
  'POST /v1/payment-orders/submit-transfer': { body: submitTransferBody, response: paymentOrderView },
  'POST /v1/payment-orders/:id/cancel': { params: idParam, response: paymentOrderView },
  'GET /v1/withdraws/config': { response: withdrawConfig },
  'GET /v1/withdraws/balance': { response: withdrawBalance },
  'GET /v1/withdraws/banks': { response: bankList },
  'GET /v1/withdraws/usdt-rate': { response: usdtRateView },
  'GET /v1/withdraws/statistics': { response: withdrawStatistics },
  'GET /v1/withdraws/:id': { params: idParam, response: withdrawView },
  'GET /v1/withdraws': { query: withdrawQuery, response: withdrawPage },
  'POST /v1/withdraws': { body: createWithdrawBody, response: withdrawView },
  'POST /v1/withdraws/:id/cancel': { params: idParam, response: withdrawView },
  'GET /v1/user-wallets/types': { response: userWalletTypes },
  'GET /v1/user-wallets': { response: userWalletList },
  'GET /v1/user-wallets/:id': { params: idParam, response: userWalletView },
  'POST /v1/user-wallets': { body: userWalletBody, response: userWalletView },
  'PUT /v1/user-wallets/:id': { params: idParam, body: userWalletBody, response: userWalletView },
  'DELETE /v1/user-wallets/:id': { params: idParam, response: okData },
  'POST /v1/user-wallets/:id/toggle-status': { params: idParam, response: userWalletView },
  'GET /v1/expert-categories': { response: z.array(expertCategoryView) },
  'GET /v1/promo/expert-categories': { response: z.array(expertCategoryView) },
  'GET /v1/experts': { query: expertListQuery, response: paginated(expertView) },
  'GET /v1/promo/experts': { query: expertListQuery, response: paginated(expertView) },
  'GET /v1/experts/:id': { params: contentIdParam, response: expertView },
  'GET /v1/promo/experts/:id': { params: contentIdParam, response: expertView },
  'GET /v1/experts/:id/stats': { params: contentIdParam, response: expertStats },
  'GET /v1/promo/experts/:id/stats': { params: contentIdParam, response: expertStats },
  'GET /v1/expert-articles': { query: expertArticleListQuery, response: paginated(expertArticleSummary) },
  'GET /v1/promo/expert-articles': {
    query: expertArticleListQuery,
    response: paginated(expertArticleSummary),
  },
  'GET /v1/expert-articles/hot': { query: articleLimitQuery, response: z.array(expertArticleSummary) },
  'GET /v1/promo/expert-articles/hot': { query: articleLimitQuery, response: z.array(expertArticleSummary) },
  'GET /v1/expert-articles/recommended': {
    query: articleLimitQuery,
    response: z.array(expertArticleSummary),
  },
  'GET /v1/promo/expert-articles/recommended': {
    query: articleLimitQuery,
    response: z.array(expertArticleSummary),
  },
  'GET /v1/expert-articles/:id': { params: contentIdParam, response: expertArticleDetail },
  'GET /v1/promo/expert-articles/:id': { params: contentIdParam, response: expertArticleDetail },
  'GET /v1/lottery-categories': { response: z.array(lotteryCategoryView) },
  'GET /v1/promo/lottery-categories': { response: z.array(lotteryCategoryView) },
  'GET /v1/lottery-categories/:id': { params: contentIdParam, response: lotteryCategoryView },
  'GET /v1/promo/lottery-categories/:id': { params: contentIdParam, response: lotteryCategoryView },
  'GET /v1/lottery-categories/:id/articles': {
    params: contentIdParam,
    query: noticePageQuery,
    response: paginated(lotteryArticleSummary),
  },
  'GET /v1/promo/lottery-categories/:id/articles': {
    params: contentIdParam,
    query: noticePageQuery,
    response: paginated(lotteryArticleSummary),
  },
  'GET /v1/lottery-articles': { query: lotteryArticleListQuery, response: paginated(lotteryArticleSummary) },
  'GET /v1/promo/lottery-articles': {
    query: lotteryArticleListQuery,
    response: paginated(lotteryArticleSummary),
  },
  'GET /v1/lottery-articles/search': {
    query: lotteryArticleSearchQuery,
    response: paginated(lotteryArticleSummary),
  },
  'GET /v1/promo/lottery-articles/search': {
    query: lotteryArticleSearchQuery,
    response: paginated(lotteryArticleSummary),
  },
  'GET /v1/lottery-articles/hot': { query: articleLimitQuery, response: z.array(lotteryArticleSummary) },
  'GET /v1/promo/lottery-articles/hot': {
    query: articleLimitQuery,
    response: z.array(lotteryArticleSummary),
  },
  'GET /v1/lottery-articles/recommended': {
    query: articleLimitQuery,
    response: z.array(lotteryArticleSummary),
  },
  'GET /v1/promo/lottery-articles/recommended': {
    query: articleLimitQuery,
    response: z.array(lotteryArticleSummary),
  },
  'GET /v1/lottery-articles/:id': { params: contentIdParam, response: lotteryArticleDetail },
  'GET /v1/promo/lottery-articles/:id': { params: contentIdParam, response: lotteryArticleDetail },
  'POST /v1/expert-articles/:id/increment-views': { params: contentIdParam, response: viewCount },
  'POST /v1/lottery-articles/:id/increment-views': { params: contentIdParam, response: viewCount },
  'GET /v1/expert-articles/:id/like-status': { params: contentIdParam, response: likeStatus },
  'GET /v1/expert-articles/:id/favorite-status': { params: contentIdParam, response: favoriteStatus },
  'POST /v1/expert-articles/:id/like': { params: contentIdParam, response: likeStatus },
  'DELETE /v1/expert-articles/:id/like': { params: contentIdParam, response: likeStatus },
  'POST /v1/expert-articles/:id/favorite': { params: contentIdParam, response: favoriteStatus },
  'DELETE /v1/expert-articles/:id/favorite': { params: contentIdParam, response: favoriteStatus },
  'GET /v1/logs': { query: logListQuery, response: clientLogPage },
  'GET /v1/logs/ios': { query: noticePageQuery, response: clientLogPage },
  'GET /v1/logs/network': { query: noticePageQuery, response: clientLogPage },
  'GET /v1/logs/errors': { query: noticePageQuery, response: clientLogPage },
  'GET /v1/logs/stats': { response: clientLogStats },
  'DELETE /v1/logs': { response: clientLogDeleteResult },
  'GET /v1/logs/export': { response: clientLogExport },
  'POST /v1/logs/upload': { body: logUploadBody, response: logUploadResult },
  'GET /v1/messages/unread-count': { response: unreadCount },
  'GET /v1/messages/types': { response: messageTypeList },
  'GET /v1/messages/statistics': { response: messageStatistics },
  'GET /v1/messages': { query: messageListQuery, response: messagePage },
  'GET /v1/messages/:id': { params: messageIdParam, response: messageItem },
  'POST /v1/messages/:id/read': { params: messageIdParam, response: messageChangeResult },
  'POST /v1/messages/mark-multiple-read': { body: markMultipleReadBody, response: messageChangeResult },
  'POST /v1/messages/mark-all-read': { body: markAllReadBody, response: messageChangeResult },
  'POST /v1/messages/:id/delete': { params: messageIdParam, response: messageChangeResult },
  'POST /v1/messages/clear': { response: messageChangeResult },
  'GET /v1/notices/hot': { query: noticeHotQuery, response: z.array(noticeSummary) },
  'GET /v1/notices': { query: noticeListQuery, response: noticePage },
  'GET /v1/notices/search': { query: noticeSearchQuery, response: noticePage },
  'GET /v1/notices/category/:id': {
    params: noticeCategoryParam,
    query: noticePageQuery,
    response: noticePage,
  },
  'GET /v1/notices/categories': { response: z.array(noticeCategoryView) },
  'GET /v1/notices/:id': { params: contentIdParam, response: noticeDetail },
  'GET /v1/banners': { query: bannerListQuery, response: z.array(bannerView) },
  'GET /v1/banners/page-type': { query: bannerPageTypeQuery, response: z.array(bannerView) },
  'GET /v1/banners/:id': { params: contentIdParam, response: bannerView },
  'GET /v1/game/ng/platforms': { response: ngPlatformList },
  'GET /v1/game/ng/game-types': { response: gameTypeList },
  'GET /v1/game/ng/game-list': { query: gameListQuery, response: gameListView },
  'GET /v1/game/list': { query: gameListQuery, response: gameListView },
  'GET /v1/game/ng/platforms-by-type': { query: gameTypeQuery, response: ngPlatformList },
  'GET /v1/game/ng/game-list-by-type': { query: gameTypeQuery, response: gameListView },
  'GET /v1/game/ng/balance': { response: ngBalanceView },
  'POST /v1/game/ng/transfer': { body: ngTransferBody, response: ngTransferResult },
  'POST /v1/game/ng/enter-game': { body: ngEnterGameBody, response: gameData },
  'POST /v1/game/enter': { body: gameEnterBody, response: gameData },
  'GET /v1/game/ng/game-records': { query: gameRecordsQuery, response: gameRecordPage },
  'GET /v1/game-records': { query: gameRecordsQuery, response: gameRecordPage },
  'GET /v1/game-records/stats': { query: gameRecordsStatsQuery, response: gameRecordStats },
  'GET /v1/game-records/:id': { params: idParam, response: gameRecordView },
  'GET /v1/invite/info': { response: inviteInfo },
  'GET /v1/invite/url': { response: inviteUrl },
  'GET /v1/invite/statistics': { response: inviteStatistics },
  'GET /v1/invite/referrals': { query: referralQuery, response: referralPage },
  'GET /v1/invite/rewards': { query: rewardQuery, response: rewardPage },
  'GET /v1/invite/rules': { response: inviteRules },
  'GET /v1/invite/ranking': { query: rankingQuery, response: inviteRanking },
  'POST /v1/invite/generate-code': { response: generateCodeResult },
  'POST /v1/invite/validate-code': { body: validateCodeBody, response: validateCodeResult },
  'GET /v1/invite/agent-status': { response: agentStatus },
  'GET /v1/agent/application-stats': { response: applicationStats },
  'GET /v1/agent/my-application-history': { query: applicationHistoryQuery, response: agentApplicationPage },
  'POST /v1/invite/apply-agent': { body: applyAgentBody, response: agentApplication },
  'POST /v1/agent/cancel-application': { body: cancelApplicationBody.nullish(), response: agentApplication },
  'GET /v1/websocket/connection-info': { response: connectionInfo },
  'POST /v1/broadcasting/auth': { body: broadcastingAuthBody, response: channelAuth },
  'POST /v1/broadcasting/auth-batch': { body: broadcastingAuthBatchBody, response: channelAuthBatch },
  'POST /v1/websocket/heartbeat': { body: heartbeatBody, response: heartbeatResult },
  'POST /v1/websocket/update-status': { body: updateStatusBody, response: onlineStatus },
  'POST /v1/websocket/test-connection': { response: connectionTestResult },
  'GET /v1/websocket/online-status': { response: onlineStatus },
  'GET /v1/websocket/current-balance': { response: currentBalance },
  'GET /v1/responsible-play': { response: responsiblePlayView },
  'PUT /v1/responsible-play/limits': { body: setPlayLimitBody, response: playLimitView },
  'PUT /v1/responsible-play/reality-check': { body: realityCheckBody, response: playSessionView },
  'GET /v1/responsible-play/session': { response: playSessionView },
  'POST /v1/responsible-play/session/continue': { response: playSessionView },
  'POST /v1/responsible-play/exclusions': { body: startExclusionBody, response: exclusionView },
  'POST /v1/responsible-play/exclusions/return': { response: exclusionView },
} as const satisfies Record<`${ApiMethod} /${string}`, RouteContract>;

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a route takes and answers; every part is a zod schema. */
export interface RouteContract {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export type MemberApi = typeof memberApi;
export type ApiRoute = keyof MemberApi;

/** The paths a method has, e.g. `ApiPath<'GET'>` includes `'/v1/withdraws/:id'`. */
export type ApiPath<M extends ApiMethod> = ApiRoute extends infer K
  ? K extends `${M} ${infer P}`
    ? P
    : never
  : never;

type RouteOf<M extends ApiMethod, P extends ApiPath<M>> = MemberApi[`${M} ${P}` & ApiRoute];

/** `data` of a successful answer. */
export type ApiResponse<M extends ApiMethod, P extends ApiPath<M>> = z.output<RouteOf<M, P>['response']>;

/** A coerced value as the client writes it (the server coerces it). */
export type WireValue = string | number | boolean;

/** Coerced fields take `unknown` as input; the client writes them as strings, numbers or booleans. */
type Wire<T> = { [K in keyof T]: unknown extends T[K] ? WireValue : T[K] };

/** The JSON body a route takes (`undefined` when it takes none). */
export type ApiBody<M extends ApiMethod, P extends ApiPath<M>> =
  RouteOf<M, P> extends { body: infer B extends z.ZodType } ? Wire<z.input<B>> : undefined;
type InputOf<R, K extends 'params' | 'query'> = R extends { [P in K]: infer S extends z.ZodType }
  ? z.input<S>
  : object;

/** Path parameters (filled into `:name`) and query string of a route, in one object. */
export type ApiParams<M extends ApiMethod, P extends ApiPath<M>> = Wire<
  InputOf<RouteOf<M, P>, 'params'> & InputOf<RouteOf<M, P>, 'query'>
>;
