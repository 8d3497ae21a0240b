import { logger } from '../lib/logger.ts';
import { HOME_PATH } from '../lib/navigation.ts';
import { hasRoute } from './registry.ts';

const PAYMENT_SUCCESS_PATH = '/pages/payment/success';

/** The `scheme` launch parameter, from the real query string or the hash's own query. */
export function readSchemeParam(
  location: Pick<Location, 'search' | 'hash'> = window.location,
): string | null {
  const fromSearch = new URLSearchParams(location.search).get('scheme');
  if (fromSearch) return fromSearch;
  const hashQuery = location.hash.split('?')[1];
  return hashQuery ? new URLSearchParams(hashQuery).get('scheme') : null;
}

/** Where a launch scheme sends the app (SPEC.md §2), or null to start normally. */
export function schemeTarget(scheme: string | null): string | null {
  if (!scheme) return null;
  if (scheme.includes('payment-success')) {
    if (hasRoute(PAYMENT_SUCCESS_PATH)) return PAYMENT_SUCCESS_PATH;
    logger.warn('launch', '支付结果页尚未开放，改为打开首页', { scheme });
    return HOME_PATH;
  }
  if (scheme.includes('home')) return HOME_PATH;
  return null;
}

/** Applies the launch scheme before the router starts, replacing the entry (a relaunch). */
export function applyLaunchScheme(): void {
  const scheme = readSchemeParam();
  const target = schemeTarget(scheme);
  if (!target) return;
  logger.info('launch', `启动参数 scheme=${scheme ?? ''}`, { target });
  const url = new URL(window.location.href);
  url.searchParams.delete('scheme');
  url.hash = target;
  window.history.replaceState(null, '', url);
}
