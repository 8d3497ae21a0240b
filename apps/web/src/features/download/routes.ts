import { defineRoutes } from '../../app/route-types.ts';

export const routes = defineRoutes([
  { path: '/pages/download/download', title: '下载App', load: () => import('./pages/DownloadPage.tsx') },
  {
    path: '/pages/download/app-download',
    title: 'App下载',
    load: () => import('./pages/AppDownloadPage.tsx'),
  },
  {
    path: '/pages/download/install-tutorial',
    title: '安装教程',
    load: () => import('./pages/InstallTutorialPage.tsx'),
  },
]);
