import { useAppInfo } from '../../site/queries.ts';
import { LegalArticle } from '../components/LegalArticle.tsx';
import { userAgreement } from '../content/user-agreement.ts';
import { PRIVACY_POLICY_PATH } from '../paths.ts';

/** pages/legal/user-agreement: 《用户协议》, which a member accepts at registration. */
export default function UserAgreementPage() {
  const info = useAppInfo();
  return (
    <LegalArticle
      doc={userAgreement(info.title)}
      related={{ title: '隐私政策', path: PRIVACY_POLICY_PATH }}
    />
  );
}
