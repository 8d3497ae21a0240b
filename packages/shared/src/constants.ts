/** Business constants (SPEC.md §9) shared by server and client. */

export const APP_VERSION = '1.9.5';
export const APP_VERSION_CODE = 195;

/** The only keys the client may write to local storage (SPEC.md §3). */
export const STORAGE_KEYS = ['userinfo', 'token', 'appinfo'] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

export const TIMEOUTS = {
  requestMs: 30_000,
  lightRequestMs: 10_000,
  uploadMs: 120_000,
  remoteConfigMs: 10_000,
  remoteConfigThrottleMs: 5 * 60_000,
  pageLoadMs: 60_000,
  pageLoadDelayMs: 200,
  chunkLoadMs: 120_000,
  loadingOverlayDelayMs: 300,
  loginExpiryRedirectMs: 1_500,
  loginCheckIntervalMs: 30_000,
  firstLoginCheckMs: 1_000,
} as const;

/** Requests retry up to 2 times, 500 ms × attempt, on 5xx gateway errors, time-outs and network errors. */
export const REQUEST_RETRY = { attempts: 2, baseDelayMs: 500, statuses: [500, 502, 503, 504] } as const;

export const TOAST_MS = {
  default: 2_000,
  error: 3_000,
  warning: 3_000,
  balance: 3_000,
  notification: 4_000,
  offline: 3_000,
} as const;

export const BUFFER_LIMITS = {
  balanceHistory: 10,
  notifications: 20,
  connectionLog: 100,
  clientLog: 1_000,
  errorLog: 20,
} as const;

export const REALTIME = {
  pingIntervalMs: 25_000,
  pongTimeoutMs: 10_000,
  userHeartbeatMs: 120_000,
  statusNoticeDelayMs: 2_000,
  authDebounceMs: 2_000,
  authCacheMs: 5 * 60_000,
  maxReconnects: 5,
  reconnectBaseMs: 3_000,
  reconnectMaxMs: 30_000,
  pollingIntervalMs: 30_000,
  pollingAfterFailures: 3,
  pollingAfterDisconnectMs: 5_000,
} as const;

export const SPORT_TYPES = { 1: 'football', 2: 'basketball', 3: 'tennis', 4: 'volleyball' } as const;
export type SportTypeId = keyof typeof SPORT_TYPES;
/** Unknown sport types count as football (SPEC.md §3). */
export function sportName(type: number): (typeof SPORT_TYPES)[SportTypeId] {
  return SPORT_TYPES[type as SportTypeId] ?? 'football';
}

export const NOTICE_CATEGORIES = { home: 1, betting: 2, recharge: 3, withdraw: 4 } as const;
export const BANNER_PAGE_TYPES = { home: 1, sports: 2, article: 3 } as const;

/** Layout: a 375 px phone column, centred on a dark background above 768 px. */
export const PHONE_WIDTH_PX = 375;
export const DESKTOP_BREAKPOINT_PX = 768;

export const THEME = {
  tabBarBackground: '#1d1d1d',
  tabBarSelected: '#ecc6ab',
  defaultThemeColor: '#ffb400',
} as const;
