import { useAppInfo } from '../../site/queries.ts';
import { LegalArticle } from '../components/LegalArticle.tsx';
import { privacyPolicy } from '../content/privacy-policy.ts';
import { USER_AGREEMENT_PATH } from '../paths.ts';

/** pages/legal/privacy-policy: 《隐私政策》, which a member accepts at registration. */
export default function PrivacyPolicyPage() {
  const info = useAppInfo();
  return (
    <LegalArticle
      doc={privacyPolicy(info.title)}
      related={{ title: '用户协议', path: USER_AGREEMENT_PATH }}
    />
  );
}
