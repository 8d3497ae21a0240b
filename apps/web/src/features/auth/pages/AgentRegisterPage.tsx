import { NoticeBar } from 'antd-mobile';
import { Link } from 'react-router';
import { useUrlParam } from '@/ui/hooks.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { RegistrationForm } from '../components/RegistrationForm.tsx';
import { useDomainQuery } from '../queries.ts';

/**
 * /areg: join through an agent. With an agent code: POST /v1/agent/register. Without one, when
 * this domain is bound to an agent (POST /v1/domain/validate): POST /v1/agent/register-by-domain.
 */
export default function AgentRegisterPage() {
  const agentCode = useUrlParam('agent_code', 'code');
  const domain = useDomainQuery();
  const bound = domain.data?.bound === true;
  return (
    <AuthLayout title="代理注册" heading="加入代理团队" subheading="通过代理注册，享受专属服务与优惠">
      <RegistrationForm
        // Remount when the domain answer arrives so the code field's rules follow it.
        key={bound ? 'bound' : 'unbound'}
        code={{ name: 'agent_code', label: '代理码', required: !bound, initial: agentCode }}
        notice={
          bound ? (
            <NoticeBar
              color="info"
              wrap
              content={`当前域名 ${domain.data?.domain ?? ''} 已绑定代理，无需填写代理码即可注册`}
            />
          ) : null
        }
        variantFor={(values) => {
          const code = values.agent_code?.trim();
          return code ? { kind: 'agent', agent_code: code } : { kind: 'domain' };
        }}
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
