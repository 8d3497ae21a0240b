import { Link } from 'react-router';
import { useUrlParam } from '@/ui/hooks.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { RegistrationForm } from '../components/RegistrationForm.tsx';
import { SmartRegisterButton, useSmartRegisterOffered } from '../components/SmartRegisterButton.tsx';

/** pages/login/register: join, with an optional invite code (prefilled from ?code= or ?invite_code=). */
export default function RegisterPage() {
  const inviteCode = useUrlParam('invite_code', 'code');
  const smartOffered = useSmartRegisterOffered();
  return (
    <AuthLayout title="注册" heading="注册新会员" subheading="只需几秒，即可开启您的竞猜之旅">
      <RegistrationForm
        code={{ name: 'invite_code', label: '邀请码', required: false, initial: inviteCode }}
        variantFor={(values) => {
          const code = values.invite_code?.trim();
          return code ? { kind: 'plain', invite_code: code } : { kind: 'plain' };
        }}
        footer={
          <>
            <div className="auth-links">
              <span className="muted">已有账号？</span>
              <Link to="/pages/login/login">立即登录</Link>
            </div>
            {smartOffered ? (
              <div className="auth-divider">
                <span>或</span>
              </div>
            ) : null}
            <SmartRegisterButton inviteCode={inviteCode || undefined} />
          </>
        }
      />
    </AuthLayout>
  );
}
