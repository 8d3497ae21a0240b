type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

/** The router registers its navigate function here so code outside React can move between pages. */
export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

function go(to: string, replace: boolean): void {
  if (navigateImpl) navigateImpl(to, { replace });
  else if (replace) window.location.replace(`#${to}`);
  else window.location.hash = to;
}

/** Opens a page (hash path such as "/pages/home/home"). */
export function navigateTo(path: string): void {
  go(path, false);
}

/** Replaces the current page, as a relaunch does: back navigation will not return to it. */
export function relaunch(path: string): void {
  go(path, true);
}

export const HOME_PATH = '/pages/home/home';
export const LOGIN_PATH = '/pages/login/login';

/**
 * Whether a launch at this location hash opens the home page. Without a route (`/`) the app opens
 * its launch page (login, register, browse as a guest), not home.
 */
export function launchesOnHome(hash: string): boolean {
  return (hash.replace(/^#/, '').split('?')[0] ?? '') === HOME_PATH;
}
export const MINE_PATH = '/pages/mine/mine';

/** Path plus query for a redirect back after login. */
export function loginPathFor(returnTo: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(returnTo)}`;
}
