import { defineRoutes } from '../../app/route-types.ts';

/** The path of the 理性投注 page (settings → 理性投注). */
export const RESPONSIBLE_PATH = '/pages/responsible/responsible';

export const routes = defineRoutes([
  {
    path: RESPONSIBLE_PATH,
    title: '理性投注',
    auth: true,
    load: () => import('./pages/ResponsiblePlayPage.tsx'),
  },
]);
