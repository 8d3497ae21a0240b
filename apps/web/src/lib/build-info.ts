import { APP_VERSION, APP_VERSION_CODE } from '@app/shared';

/** What this bundle is: the app version from SPEC.md and the id of the build that produced it. */
export const BUILD_INFO = {
  version: APP_VERSION,
  versionCode: APP_VERSION_CODE,
  // Defined by vite.config.ts; absent when the code runs outside a Vite build (unit tests).
  buildId: typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev',
  builtAt: typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : new Date(0).toISOString(),
} as const;

/** A short platform description for log entries: "iOS 17.2", "Android 14", "Windows". */
export function describeSystem(ua: string = navigator.userAgent): string {
  const ios = /OS (\d+)[._](\d+)/.exec(ua);
  if (/iPhone|iPad|iPod/.test(ua) && ios) return `iOS ${ios[1]}.${ios[2]}`;
  const android = /Android (\d+(?:\.\d+)?)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  if (/Windows/.test(ua)) return 'Windows';
  if (/Mac OS X/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return 'unknown';
}
