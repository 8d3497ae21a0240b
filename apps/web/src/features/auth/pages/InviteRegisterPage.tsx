import { Link } from 'react-router';
import { useUrlParam } from '@/ui/hooks.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { RegistrationForm } from '../components/RegistrationForm.tsx';

/** /ireg: member registration by invite code (required), POST /v1/invite/register. */
export default function InviteRegisterPage() {
  const inviteCode = useUrlParam('invite_code', 'code');
  return (
    <AuthLayout title="邀请注册" heading="好友邀请您加入" subheading="填写邀请码完成注册，与好友一起赢取奖励">
      <RegistrationForm
        code={{ name: 'invite_code', label: '邀请码', required: true, initial: inviteCode }}
        variantFor={(values) => ({ kind: 'invite', invite_code: (values.invite_code ?? '').trim() })}
        footer={
          <div className="auth-links">
            <span className="muted">已有账号？</span>
            <Link to="/pages/login/login">立即登录</Link>
          </div>
        }
      />
    </AuthLayout>
  );
}
