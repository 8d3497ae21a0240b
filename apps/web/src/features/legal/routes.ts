import { defineRoutes } from '../../app/route-types.ts';
import { PRIVACY_POLICY_PATH, USER_AGREEMENT_PATH } from './paths.ts';

export const routes = defineRoutes([
  { path: USER_AGREEMENT_PATH, title: '用户协议', load: () => import('./pages/UserAgreementPage.tsx') },
  { path: PRIVACY_POLICY_PATH, title: '隐私政策', load: () => import('./pages/PrivacyPolicyPage.tsx') },
]);
