import { z } from 'zod';
import {
  adminApplicationPage,
  adminApplicationQuery,
  applicationIdParam,
  applicationItem,
  approveApplicationBody,
  rejectApplicationBody,
} from '../activities.ts';
import {
  auditLogPage,
  auditLogQuery,
  operatorDecisionBody,
  withdrawPayBody,
  operatorLoginBody,
  operatorLoginResult,
  operatorProfile,
  operatorRejectBody,
} from '../admin.ts';
import {
  adminAgentApplication,
  adminAgentApplicationPage,
  adminAgentApplicationQuery,
  agentApproveResult,
} from '../agents.ts';
import { agentRowIdParam, type RouteContract } from '../api.ts';
import { idParam, okData, pageQuery, paginated, type Page } from '../common.ts';
import {
  adminPaymentOrderPage,
  adminPaymentOrderQuery,
  adminPaymentOrderView,
  confirmDepositBody,
  paymentOrderView,
} from '../payments.ts';
import { adminWithdrawPage, adminWithdrawQuery, withdrawView } from '../withdrawals.ts';
import {
  adminAgentItem,
  adminAgentMember,
  adminAgentMemberQuery,
  adminAgentQuery,
  inviteRewardItem,
  inviteRewardQuery,
  inviteSettingsBody,
  inviteSettingsView,
} from './agents.ts';
import {
  controlChangeDecision,
  controlChangeDecisionBody,
  controlChangeItem,
  controlChangePage,
  controlChangeQuery,
  pendingChangeRef,
} from './approvals.ts';
import {
  activityAdminItem,
  activityUpdateBody,
  appSettingsBody,
  appSettingsView,
  bannerBody,
  bannerItem,
  broadcastBody,
  broadcastPreview,
  broadcastResult,
  categoryBody,
  categoryItem,
  contentListQuery,
  expertArticleBody,
  expertArticleItem,
  expertBody,
  expertItem,
  lotteryArticleBody,
  lotteryArticleItem,
  noticeBody,
  noticeItem,
} from './content.ts';
import { adapterCallItem, adapterCallQuery } from './adapter-calls.ts';
import { historyOverview } from './history.ts';
import { dashboardQuery, dashboardResult, pendingCounts, reportQuery, reportRow } from './dashboard.ts';
import {
  depositQueueItem,
  depositQueueQuery,
  financeSettings,
  financeSettingsBody,
  paymentCallbackItem,
  paymentCallbackQuery,
  walletConflictItem,
  walletConflictQuery,
  withdrawQueueItem,
  withdrawQueueQuery,
} from './finance.ts';
import {
  adminLotteryGame,
  adminPeriodItem,
  adminPeriodQuery,
  lotteryGameBody,
  lotteryGameParam,
  adminChaseDetail,
  adminChaseItem,
  adminChaseQuery,
} from './lottery.ts';
import {
  adjustmentDecisionBody,
  adjustmentItem,
  adjustmentQuery,
  createAdjustmentBody,
  memberBonusItem,
  memberDepositItem,
  memberDetail,
  memberFlagBody,
  memberGameTransferItem,
  memberLedgerItem,
  memberLedgerQuery,
  memberListItem,
  memberListQuery,
  smsRecordItem,
  smsRecordQuery,
  memberLotteryBetItem,
  memberMessageItem,
  memberOrderItem,
  memberRecordQuery,
  memberSessionItem,
  memberSessionsQuery,
  memberTagCount,
  memberTagsBody,
  memberWithdrawalItem,
  revokeSessionsBody,
} from './members.ts';
import {
  changeOwnPasswordBody,
  createOperatorBody,
  operatorChannelAuthBody,
  operatorChannelAuthResult,
  operatorConnectionInfo,
  operatorItem,
  operatorListQuery,
  operatorPage,
  totpCodeBody,
  totpSetupResult,
  updateOperatorBody,
} from './operators.ts';
import {
  freeBetAdminItem,
  freeBetAdminPage,
  freeBetAdminQuery,
  freeBetGrantBody,
  freeBetGrantResult,
  freeBetRevokeBody,
} from './free-bets.ts';
import {
  redPacketAdminItem,
  redPacketAdminPage,
  redPacketAdminQuery,
  redPacketBody,
  redPacketCancelBody,
  redPacketClaimsAdminPage,
} from './red-packets.ts';
import { operatorSecurityStatus } from './security.ts';
import {
  adminMatchDetail,
  adminMatchItem,
  adminMatchQuery,
  betLimitBody,
  boostAdminItem,
  boostBody,
  cashOutRuleBody,
  cashOutRules,
  matchCashOut,
  matchCashOutBody,
  betLimitItem,
  betLimitQuery,
  correctionBody,
  correctionPreview,
  matchOrderItem,
  matchOrdersQuery,
  suspendBody,
} from './sports.ts';
import { adminFollowItem, adminFollowQuery, adminFollowSubscriptionItem } from './follow.ts';
import {
  adminSyndicateCommissionQuery,
  adminSyndicateCommissions,
  adminSyndicateFailBody,
  adminSyndicateItem,
  adminSyndicateQuery,
} from './syndicates.ts';
import { bookCapBody, bookCapList, bookExposureItem, bookExposureQuery } from './sports-book.ts';
import { betRefusalItem, betRefusalQuery } from './sports-refusals.ts';
import {
  feedCorrectionDecision,
  feedCorrectionDecisionBody,
  feedCorrectionItem,
  feedCorrectionQuery,
} from './sports-feed-corrections.ts';
import {
  adminSupportConversation,
  adminSupportMemberPanel,
  adminSupportMessagesResult,
  adminSupportSent,
  supportAssignBody,
  supportCannedReply,
  supportCannedReplyBody,
  supportChannelAuth,
  supportChannelAuthBody,
  supportColleague,
  supportConnectionInfo,
  supportQueueQuery,
  supportSearchQuery,
  supportSettings,
  supportTransferBody,
} from './support.ts';
import {
  supportHistoryQuery,
  supportIdParam,
  supportPicture,
  supportPictureBody,
  supportReadBody,
  supportTextBody,
  supportTypingBody,
} from '../support.ts';

/**
 * The answer of a list's `/export`: a CSV file (UTF-8 with a BOM, streamed page by page), not an
 * envelope. The brand tells the console's client a download from a JSON answer; the server
 * declares no response schema for it (plugins/contract-routes.ts).
 */
export const csvFile = z.string().brand<'csv'>();
export type CsvFile = z.output<typeof csvFile>;

/** The answer of a request that only proposes: it takes effect when a second operator approves it. */
const waitsForSecondOperator = z.object({ pending_change: pendingChangeRef });

/** What a route answers when it may have taken effect or may wait in 复核 (dual control). */
function orPending<Shape extends z.ZodRawShape>(view: z.ZodObject<Shape>) {
  return view.extend({ pending_change: pendingChangeRef.optional() });
}

const lotteryGames = z.object({ list: z.array(adminLotteryGame) });

/**
 * The operator console's API (/admin/v1), keyed by `METHOD /path` (path parameters as `:name`),
 * with the zod schemas of its path parameters, query string, body and `data` of the answer. Every
 * /admin/v1 route is registered from its entry (`contractRoutes(backofficeApi, …)` on the server;
 * contract-routes.test.ts proves the map and the registered routes are the same set), and the
 * console's client (`apps/admin/src/lib/api.ts`) takes its argument and result types from here
 * with `import type` only, so none of this is in the console's bundle.
 *
 * A table's list answers `paginated(row)`; its CSV export is the sibling `<list>/export` with the
 * same parameters and query, answering `csvFile` (plugins/list-routes.ts registers both).
 */
export const backofficeApi = {
  // ---- sign-in, the operator's own security, the console's channel (any signed-in operator) ----
  'POST /admin/v1/auth/login': { body: operatorLoginBody, response: operatorLoginResult },
  'GET /admin/v1/auth/me': { response: operatorProfile },
  'POST /admin/v1/auth/logout': { response: okData },
  'GET /admin/v1/auth/security': { response: operatorSecurityStatus },
  'POST /admin/v1/auth/totp/setup': { response: totpSetupResult },
  'POST /admin/v1/auth/totp/enable': { body: totpCodeBody, response: operatorSecurityStatus },
  'POST /admin/v1/auth/totp/disable': { body: totpCodeBody, response: operatorSecurityStatus },
  'POST /admin/v1/auth/password': { body: changeOwnPasswordBody, response: okData },
  'GET /admin/v1/realtime/connection-info': { response: operatorConnectionInfo },
  'POST /admin/v1/broadcasting/auth': { body: operatorChannelAuthBody, response: operatorChannelAuthResult },

  // ---- operators and the audit log ----
  'GET /admin/v1/operators': { query: operatorListQuery, response: operatorPage },
  'POST /admin/v1/operators': { body: createOperatorBody, response: waitsForSecondOperator },
  'PUT /admin/v1/operators/:id': {
    params: idParam,
    body: updateOperatorBody,
    response: orPending(operatorItem),
  },
  'POST /admin/v1/operators/:id/reset-password': { params: idParam, response: waitsForSecondOperator },
  'POST /admin/v1/operators/:id/reset-totp': { params: idParam, response: waitsForSecondOperator },
  'GET /admin/v1/audit-logs': { query: auditLogQuery, response: auditLogPage },

  // ---- 复核中心 (dual control) ----
  'GET /admin/v1/control-changes': { query: controlChangeQuery, response: controlChangePage },
  'GET /admin/v1/control-changes/:id': { params: idParam, response: controlChangeItem },
  'POST /admin/v1/control-changes/:id/approve': {
    params: idParam,
    body: controlChangeDecisionBody,
    response: controlChangeDecision,
  },
  'POST /admin/v1/control-changes/:id/reject': {
    params: idParam,
    body: controlChangeDecisionBody,
    response: controlChangeItem,
  },

  // ---- dashboard and reports ----
  'GET /admin/v1/dashboard': { query: dashboardQuery, response: dashboardResult },
  'GET /admin/v1/pending-counts': { response: pendingCounts },
  'GET /admin/v1/reports/daily': { query: reportQuery, response: paginated(reportRow) },
  'GET /admin/v1/reports/daily/export': { query: reportQuery, response: csvFile },

  // ---- members: search, profile, flags, tags, sessions, records ----
  'GET /admin/v1/members': { query: memberListQuery, response: paginated(memberListItem) },
  'GET /admin/v1/members/export': { query: memberListQuery, response: csvFile },
  'GET /admin/v1/members/:id': { params: idParam, response: memberDetail },
  'POST /admin/v1/members/:id/flags': { params: idParam, body: memberFlagBody, response: memberDetail },
  'PUT /admin/v1/members/:id/tags': { params: idParam, body: memberTagsBody, response: memberDetail },
  'GET /admin/v1/member-tags': { response: z.array(memberTagCount) },
  'GET /admin/v1/sms': { query: smsRecordQuery, response: paginated(smsRecordItem) },
  'GET /admin/v1/sms/export': { query: smsRecordQuery, response: csvFile },
  'GET /admin/v1/members/:id/sessions': {
    params: idParam,
    query: memberSessionsQuery,
    response: paginated(memberSessionItem),
  },
  'GET /admin/v1/members/:id/sessions/export': {
    params: idParam,
    query: memberSessionsQuery,
    response: csvFile,
  },
  'POST /admin/v1/members/:id/sessions/revoke': {
    params: idParam,
    body: revokeSessionsBody,
    response: z.object({ revoked: z.number().int() }),
  },
  'GET /admin/v1/members/:id/ledger': {
    params: idParam,
    query: memberLedgerQuery,
    response: paginated(memberLedgerItem),
  },
  'GET /admin/v1/members/:id/ledger/export': { params: idParam, query: memberLedgerQuery, response: csvFile },
  'GET /admin/v1/members/:id/orders': {
    params: idParam,
    query: memberRecordQuery,
    response: paginated(memberOrderItem),
  },
  'GET /admin/v1/members/:id/orders/export': { params: idParam, query: memberRecordQuery, response: csvFile },
  'GET /admin/v1/members/:id/lottery-bets': {
    params: idParam,
    query: memberRecordQuery,
    response: paginated(memberLotteryBetItem),
  },
  'GET /admin/v1/members/:id/lottery-bets/export': {
    params: idParam,
    query: memberRecordQuery,
    response: csvFile,
  },
  'GET /admin/v1/members/:id/deposits': {
    params: idParam,
    query: memberRecordQuery,
    response: paginated(memberDepositItem),
  },
  'GET /admin/v1/members/:id/deposits/export': {
    params: idParam,
    query: memberRecordQuery,
    response: csvFile,
  },
  'GET /admin/v1/members/:id/withdrawals': {
    params: idParam,
    query: memberRecordQuery,
    response: paginated(memberWithdrawalItem),
  },
  'GET /admin/v1/members/:id/withdrawals/export': {
    params: idParam,
    query: memberRecordQuery,
    response: csvFile,
  },
  'GET /admin/v1/members/:id/game-transfers': {
    params: idParam,
    query: memberRecordQuery,
    response: paginated(memberGameTransferItem),
  },
  'GET /admin/v1/members/:id/game-transfers/export': {
    params: idParam,
    query: memberRecordQuery,
    response: csvFile,
  },
  'GET /admin/v1/members/:id/bonuses': {
    params: idParam,
    query: memberRecordQuery,
    response: paginated(memberBonusItem),
  },
  'GET /admin/v1/members/:id/bonuses/export': {
    params: idParam,
    query: memberRecordQuery,
    response: csvFile,
  },
  'GET /admin/v1/members/:id/messages': {
    params: idParam,
    query: memberRecordQuery,
    response: paginated(memberMessageItem),
  },
  'GET /admin/v1/members/:id/messages/export': {
    params: idParam,
    query: memberRecordQuery,
    response: csvFile,
  },
  'GET /admin/v1/risk/wallet-conflicts': {
    query: walletConflictQuery,
    response: paginated(walletConflictItem),
  },
  'GET /admin/v1/risk/wallet-conflicts/export': { query: walletConflictQuery, response: csvFile },

  // ---- manual adjustments (maker–checker) ----
  'GET /admin/v1/adjustments': { query: adjustmentQuery, response: paginated(adjustmentItem) },
  'GET /admin/v1/adjustments/export': { query: adjustmentQuery, response: csvFile },
  'POST /admin/v1/adjustments': { body: createAdjustmentBody, response: adjustmentItem },
  'POST /admin/v1/adjustments/:id/approve': {
    params: idParam,
    body: adjustmentDecisionBody.nullish(),
    response: adjustmentItem,
  },
  'POST /admin/v1/adjustments/:id/reject': {
    params: idParam,
    body: adjustmentDecisionBody.nullish(),
    response: adjustmentItem,
  },

  // ---- deposits, withdrawals, finance settings ----
  'GET /admin/v1/finance/deposits': { query: depositQueueQuery, response: paginated(depositQueueItem) },
  'GET /admin/v1/finance/deposits/export': { query: depositQueueQuery, response: csvFile },
  'GET /admin/v1/payment-callbacks': {
    query: paymentCallbackQuery,
    response: paginated(paymentCallbackItem),
  },
  'GET /admin/v1/payment-callbacks/export': { query: paymentCallbackQuery, response: csvFile },
  'GET /admin/v1/adapter-calls': { query: adapterCallQuery, response: paginated(adapterCallItem) },
  'GET /admin/v1/adapter-calls/export': { query: adapterCallQuery, response: csvFile },
  'GET /admin/v1/history': { response: historyOverview },
  'GET /admin/v1/payment-orders': { query: adminPaymentOrderQuery, response: adminPaymentOrderPage },
  'POST /admin/v1/payment-orders/:id/confirm': {
    params: idParam,
    body: confirmDepositBody.nullish(),
    response: orPending(paymentOrderView),
  },
  'POST /admin/v1/payment-orders/:id/reject': {
    params: idParam,
    body: operatorRejectBody,
    response: adminPaymentOrderView.omit({ member_id: true, username: true }),
  },
  'GET /admin/v1/finance/withdrawals': { query: withdrawQueueQuery, response: paginated(withdrawQueueItem) },
  'GET /admin/v1/finance/withdrawals/export': { query: withdrawQueueQuery, response: csvFile },
  'GET /admin/v1/withdraws': { query: adminWithdrawQuery, response: adminWithdrawPage },
  'POST /admin/v1/withdraws/:id/review': {
    params: idParam,
    body: operatorDecisionBody.nullish(),
    response: orPending(withdrawView),
  },
  'POST /admin/v1/withdraws/:id/pay': {
    params: idParam,
    body: withdrawPayBody.nullish(),
    response: orPending(withdrawView),
  },
  'POST /admin/v1/withdraws/:id/approve': {
    params: idParam,
    body: withdrawPayBody.nullish(),
    response: orPending(withdrawView),
  },
  'POST /admin/v1/withdraws/:id/reject': {
    params: idParam,
    body: operatorRejectBody,
    response: withdrawView,
  },
  'GET /admin/v1/settings/finance': { response: financeSettings },
  'PUT /admin/v1/settings/finance': { body: financeSettingsBody, response: orPending(financeSettings) },

  // ---- content, activities, messages, app settings ----
  'GET /admin/v1/content/notices': { query: contentListQuery, response: paginated(noticeItem) },
  'GET /admin/v1/content/notices/export': { query: contentListQuery, response: csvFile },
  'POST /admin/v1/content/notices': { body: noticeBody, response: noticeItem },
  'PUT /admin/v1/content/notices/:id': { params: idParam, body: noticeBody, response: noticeItem },
  'GET /admin/v1/content/banners': { query: contentListQuery, response: paginated(bannerItem) },
  'GET /admin/v1/content/banners/export': { query: contentListQuery, response: csvFile },
  'POST /admin/v1/content/banners': { body: bannerBody, response: bannerItem },
  'PUT /admin/v1/content/banners/:id': { params: idParam, body: bannerBody, response: bannerItem },
  'GET /admin/v1/content/experts': { query: contentListQuery, response: paginated(expertItem) },
  'GET /admin/v1/content/experts/export': { query: contentListQuery, response: csvFile },
  'POST /admin/v1/content/experts': { body: expertBody, response: expertItem },
  'PUT /admin/v1/content/experts/:id': { params: idParam, body: expertBody, response: expertItem },
  'GET /admin/v1/content/expert-articles': {
    query: contentListQuery,
    response: paginated(expertArticleItem),
  },
  'GET /admin/v1/content/expert-articles/export': { query: contentListQuery, response: csvFile },
  'POST /admin/v1/content/expert-articles': { body: expertArticleBody, response: expertArticleItem },
  'PUT /admin/v1/content/expert-articles/:id': {
    params: idParam,
    body: expertArticleBody,
    response: expertArticleItem,
  },
  'GET /admin/v1/content/lottery-categories': { query: contentListQuery, response: paginated(categoryItem) },
  'GET /admin/v1/content/lottery-categories/export': { query: contentListQuery, response: csvFile },
  'POST /admin/v1/content/lottery-categories': { body: categoryBody, response: categoryItem },
  'PUT /admin/v1/content/lottery-categories/:id': {
    params: idParam,
    body: categoryBody,
    response: categoryItem,
  },
  'GET /admin/v1/content/lottery-articles': {
    query: contentListQuery,
    response: paginated(lotteryArticleItem),
  },
  'GET /admin/v1/content/lottery-articles/export': { query: contentListQuery, response: csvFile },
  'POST /admin/v1/content/lottery-articles': { body: lotteryArticleBody, response: lotteryArticleItem },
  'PUT /admin/v1/content/lottery-articles/:id': {
    params: idParam,
    body: lotteryArticleBody,
    response: lotteryArticleItem,
  },
  'GET /admin/v1/content/activities': { query: contentListQuery, response: paginated(activityAdminItem) },
  'GET /admin/v1/content/activities/export': { query: contentListQuery, response: csvFile },
  'PUT /admin/v1/content/activities/:id': {
    params: idParam,
    body: activityUpdateBody,
    response: activityAdminItem,
  },
  'GET /admin/v1/activity-applications': { query: adminApplicationQuery, response: adminApplicationPage },
  'POST /admin/v1/activity-applications/:id/approve': {
    params: applicationIdParam,
    body: approveApplicationBody,
    response: orPending(applicationItem),
  },
  'POST /admin/v1/activity-applications/:id/reject': {
    params: applicationIdParam,
    body: rejectApplicationBody,
    response: applicationItem,
  },
  'POST /admin/v1/messages/preview': { body: broadcastBody, response: broadcastPreview },
  'POST /admin/v1/messages': { body: broadcastBody, response: broadcastResult },
  'GET /admin/v1/settings/app': { response: appSettingsView },
  'PUT /admin/v1/settings/app': { body: appSettingsBody, response: appSettingsView },

  // ---- sports: matches, corrections, member limits, the book ----
  'GET /admin/v1/sports/matches': { query: adminMatchQuery, response: paginated(adminMatchItem) },
  'GET /admin/v1/sports/matches/export': { query: adminMatchQuery, response: csvFile },
  'GET /admin/v1/sports/matches/:id': { params: idParam, response: adminMatchDetail },
  'GET /admin/v1/sports/matches/:id/orders': {
    params: idParam,
    query: matchOrdersQuery,
    response: paginated(matchOrderItem),
  },
  'GET /admin/v1/sports/matches/:id/orders/export': {
    params: idParam,
    query: matchOrdersQuery,
    response: csvFile,
  },
  'POST /admin/v1/sports/matches/:id/suspend': {
    params: idParam,
    body: suspendBody,
    response: adminMatchDetail,
  },
  'POST /admin/v1/sports/matches/:id/reopen': {
    params: idParam,
    body: suspendBody,
    response: adminMatchDetail,
  },
  'POST /admin/v1/sports/matches/:id/correction-preview': {
    params: idParam,
    body: correctionBody,
    response: correctionPreview,
  },
  'POST /admin/v1/sports/matches/:id/correction': {
    params: idParam,
    body: correctionBody,
    response: orPending(correctionPreview),
  },
  'GET /admin/v1/sports/limits': { query: betLimitQuery, response: paginated(betLimitItem) },
  'GET /admin/v1/sports/limits/export': { query: betLimitQuery, response: csvFile },
  'PUT /admin/v1/sports/limits': { body: betLimitBody, response: orPending(betLimitItem).nullable() },
  'GET /admin/v1/sports/book/exposure': { query: bookExposureQuery, response: paginated(bookExposureItem) },
  'GET /admin/v1/sports/book/exposure/export': { query: bookExposureQuery, response: csvFile },
  'GET /admin/v1/sports/book/caps': { response: bookCapList },
  'GET /admin/v1/sports/refusals': { query: betRefusalQuery, response: paginated(betRefusalItem) },
  'GET /admin/v1/sports/refusals/export': { query: betRefusalQuery, response: csvFile },
  'GET /admin/v1/sports/feed-corrections': {
    query: feedCorrectionQuery,
    response: paginated(feedCorrectionItem),
  },
  'GET /admin/v1/sports/feed-corrections/export': { query: feedCorrectionQuery, response: csvFile },
  'POST /admin/v1/sports/feed-corrections/:id/apply': {
    params: idParam,
    body: feedCorrectionDecisionBody,
    response: feedCorrectionDecision,
  },
  'POST /admin/v1/sports/feed-corrections/:id/dismiss': {
    params: idParam,
    body: feedCorrectionDecisionBody,
    response: feedCorrectionDecision,
  },
  'PUT /admin/v1/sports/book/caps': { body: bookCapBody, response: orPending(bookCapList) },
  'GET /admin/v1/sports/boosts': { query: pageQuery, response: paginated(boostAdminItem) },
  'GET /admin/v1/sports/boosts/export': { query: pageQuery, response: csvFile },
  'POST /admin/v1/sports/boosts': { body: boostBody, response: boostAdminItem },
  'PUT /admin/v1/sports/boosts/:id': { params: idParam, body: boostBody, response: boostAdminItem },

  'GET /admin/v1/sports/cash-out': { response: cashOutRules },
  'GET /admin/v1/follow/posts': { query: adminFollowQuery, response: paginated(adminFollowItem) },
  'GET /admin/v1/follow/posts/export': { query: adminFollowQuery, response: csvFile },
  'GET /admin/v1/follow/subscriptions': {
    query: pageQuery,
    response: paginated(adminFollowSubscriptionItem),
  },
  'GET /admin/v1/follow/subscriptions/export': { query: pageQuery, response: csvFile },
  'GET /admin/v1/syndicates': { query: adminSyndicateQuery, response: paginated(adminSyndicateItem) },
  'GET /admin/v1/syndicates/export': { query: adminSyndicateQuery, response: csvFile },
  'GET /admin/v1/syndicates/commissions': {
    query: adminSyndicateCommissionQuery,
    response: adminSyndicateCommissions,
  },
  'POST /admin/v1/syndicates/:id/fail': {
    params: idParam,
    body: adminSyndicateFailBody,
    response: adminSyndicateItem,
  },

  // ---- 在线客服: queue, conversations, replies, canned replies, settings, the support channel ----
  'GET /admin/v1/support/queue': { query: supportQueueQuery, response: paginated(adminSupportConversation) },
  'GET /admin/v1/support/conversations': {
    query: supportSearchQuery,
    response: paginated(adminSupportConversation),
  },
  'GET /admin/v1/support/conversations/:id': { params: supportIdParam, response: adminSupportConversation },
  'GET /admin/v1/support/conversations/:id/messages': {
    params: supportIdParam,
    query: supportHistoryQuery,
    response: adminSupportMessagesResult,
  },
  'GET /admin/v1/support/conversations/:id/member': {
    params: supportIdParam,
    response: adminSupportMemberPanel,
  },
  'POST /admin/v1/support/conversations/:id/take': {
    params: supportIdParam,
    response: adminSupportConversation,
  },
  'POST /admin/v1/support/conversations/:id/assign': {
    params: supportIdParam,
    body: supportAssignBody,
    response: adminSupportConversation,
  },
  'POST /admin/v1/support/conversations/:id/transfer': {
    params: supportIdParam,
    body: supportTransferBody,
    response: adminSupportConversation,
  },
  'POST /admin/v1/support/conversations/:id/close': {
    params: supportIdParam,
    response: adminSupportConversation,
  },
  'POST /admin/v1/support/conversations/:id/messages': {
    params: supportIdParam,
    body: supportTextBody,
    response: adminSupportSent,
  },
  'POST /admin/v1/support/conversations/:id/pictures': {
    params: supportIdParam,
    body: supportPictureBody,
    response: adminSupportSent,
  },
  'POST /admin/v1/support/conversations/:id/typing': {
    params: supportIdParam,
    body: supportTypingBody,
    response: okData,
  },
  'POST /admin/v1/support/conversations/:id/read': {
    params: supportIdParam,
    body: supportReadBody,
    response: okData,
  },
  'GET /admin/v1/support/pictures/:id': { params: supportIdParam, response: supportPicture },
  'GET /admin/v1/support/colleagues': { response: z.array(supportColleague) },
  'GET /admin/v1/support/canned-replies': { response: z.array(supportCannedReply) },
  'POST /admin/v1/support/canned-replies': { body: supportCannedReplyBody, response: supportCannedReply },
  'PUT /admin/v1/support/canned-replies/:id': {
    params: supportIdParam,
    body: supportCannedReplyBody,
    response: supportCannedReply,
  },
  'DELETE /admin/v1/support/canned-replies/:id': { params: supportIdParam, response: okData },
  'GET /admin/v1/support/settings': { response: supportSettings },
  'PUT /admin/v1/support/settings': { body: supportSettings, response: supportSettings },
  'GET /admin/v1/support/realtime/connection-info': { response: supportConnectionInfo },
  'POST /admin/v1/support/broadcasting/auth': { body: supportChannelAuthBody, response: supportChannelAuth },
  'PUT /admin/v1/sports/cash-out': { body: cashOutRuleBody, response: cashOutRules },
  'PUT /admin/v1/sports/matches/:id/cash-out': {
    params: idParam,
    body: matchCashOutBody,
    response: matchCashOut,
  },

  // ---- 免费投注券 ----
  'GET /admin/v1/free-bets': { query: freeBetAdminQuery, response: freeBetAdminPage },
  'GET /admin/v1/free-bets/export': { query: freeBetAdminQuery, response: csvFile },
  'POST /admin/v1/free-bets/grants': { body: freeBetGrantBody, response: freeBetGrantResult },
  'POST /admin/v1/free-bets/:id/revoke': {
    params: idParam,
    body: freeBetRevokeBody,
    response: freeBetAdminItem,
  },

  // ---- 红包 ----
  'GET /admin/v1/red-packets': { query: redPacketAdminQuery, response: redPacketAdminPage },
  'GET /admin/v1/red-packets/export': { query: redPacketAdminQuery, response: csvFile },
  'POST /admin/v1/red-packets': { body: redPacketBody, response: redPacketAdminItem },
  'PUT /admin/v1/red-packets/:id': { params: idParam, body: redPacketBody, response: redPacketAdminItem },
  'POST /admin/v1/red-packets/:id/cancel': {
    params: idParam,
    body: redPacketCancelBody,
    response: redPacketAdminItem,
  },
  'GET /admin/v1/red-packets/:id/claims': {
    params: idParam,
    query: pageQuery,
    response: redPacketClaimsAdminPage,
  },

  // ---- lottery ----
  'GET /admin/v1/lottery/games': { response: lotteryGames },
  'PUT /admin/v1/lottery/games/:code': {
    params: lotteryGameParam,
    body: lotteryGameBody,
    response: lotteryGames,
  },
  'GET /admin/v1/lottery/periods': { query: adminPeriodQuery, response: paginated(adminPeriodItem) },
  'GET /admin/v1/lottery/periods/export': { query: adminPeriodQuery, response: csvFile },
  'GET /admin/v1/lottery/chases': { query: adminChaseQuery, response: paginated(adminChaseItem) },
  'GET /admin/v1/lottery/chases/export': { query: adminChaseQuery, response: csvFile },
  'GET /admin/v1/lottery/chases/:id': { params: idParam, response: adminChaseDetail },

  // ---- agents, agent applications, invitations ----
  'GET /admin/v1/agents': { query: adminAgentQuery, response: paginated(adminAgentItem) },
  'GET /admin/v1/agents/export': { query: adminAgentQuery, response: csvFile },
  'GET /admin/v1/agents/:id/members': {
    params: idParam,
    query: adminAgentMemberQuery,
    response: paginated(adminAgentMember),
  },
  'GET /admin/v1/agents/:id/members/export': {
    params: idParam,
    query: adminAgentMemberQuery,
    response: csvFile,
  },
  'GET /admin/v1/agent-applications': {
    query: adminAgentApplicationQuery,
    response: adminAgentApplicationPage,
  },
  'POST /admin/v1/agent-applications/:id/approve': {
    params: agentRowIdParam,
    body: operatorDecisionBody.nullish(),
    response: agentApproveResult,
  },
  'POST /admin/v1/agent-applications/:id/reject': {
    params: agentRowIdParam,
    body: operatorRejectBody,
    response: adminAgentApplication,
  },
  'GET /admin/v1/invite/rewards': { query: inviteRewardQuery, response: paginated(inviteRewardItem) },
  'GET /admin/v1/invite/rewards/export': { query: inviteRewardQuery, response: csvFile },
  'GET /admin/v1/settings/invite': { response: inviteSettingsView },
  'PUT /admin/v1/settings/invite': { body: inviteSettingsBody, response: orPending(inviteSettingsView) },
} as const satisfies Record<`${BackofficeMethod} /admin/v1/${string}`, RouteContract>;

export type BackofficeMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type BackofficeApi = typeof backofficeApi;
export type BackofficeRoute = keyof BackofficeApi;

/** The paths a method has, e.g. `BackofficePath<'GET'>` includes `'/admin/v1/members/:id'`. */
export type BackofficePath<M extends BackofficeMethod> = BackofficeRoute extends infer K
  ? K extends `${M} ${infer P}`
    ? P
    : never
  : never;

type RouteOf<M extends BackofficeMethod, P extends BackofficePath<M>> = BackofficeApi[`${M} ${P}` &
  BackofficeRoute];

/** `data` of a successful answer (a CSV export's is `CsvFile`). */
export type BackofficeResponse<M extends BackofficeMethod, P extends BackofficePath<M>> = z.output<
  RouteOf<M, P>['response']
>;

/** A coerced value as the client writes it (the server coerces it). */
type WireValue = string | number | boolean;
/** Coerced fields take `unknown` as input; the client writes them as strings, numbers or booleans. */
type Wire<T> = { [K in keyof T]: unknown extends T[K] ? WireValue : T[K] };
type InputOf<R, K extends 'params' | 'query'> = R extends { [P in K]: infer S extends z.ZodType }
  ? z.input<S>
  : object;

/** The JSON body a route takes (`undefined` when it takes none). */
export type BackofficeBody<M extends BackofficeMethod, P extends BackofficePath<M>> =
  RouteOf<M, P> extends { body: infer B extends z.ZodType } ? Wire<z.input<B>> : undefined;

/** Path parameters (filled into `:name`) and query string of a route, in one object. */
export type BackofficeParams<M extends BackofficeMethod, P extends BackofficePath<M>> = Wire<
  InputOf<RouteOf<M, P>, 'params'> & InputOf<RouteOf<M, P>, 'query'>
>;

/** The GET paths answering JSON (every one but the CSV exports). */
export type BackofficeJsonPath = {
  [P in BackofficePath<'GET'>]: BackofficeResponse<'GET', P> extends CsvFile ? never : P;
}[BackofficePath<'GET'>];

/** The CSV exports (`<list>/export`). */
export type BackofficeExportPath = Exclude<BackofficePath<'GET'>, BackofficeJsonPath>;

/** The GET paths answering a page of rows: what a server-paged table lists. */
export type BackofficeListPath = {
  [P in BackofficeJsonPath]: BackofficeResponse<'GET', P> extends Page<unknown> ? P : never;
}[BackofficeJsonPath];

/** One row of a list. */
export type BackofficeRow<P extends BackofficeListPath> =
  BackofficeResponse<'GET', P> extends Page<infer Row extends Record<string, unknown>> ? Row : never;

/** The CSV export of a list, when it has one. */
export type BackofficeExportOf<P extends BackofficeListPath> = `${P}/export` & BackofficeExportPath;
