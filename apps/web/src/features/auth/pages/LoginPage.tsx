import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody, username } from '@app/shared';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api/errors.ts';
import { HOME_PATH } from '@/lib/navigation.ts';
import { toast } from '@/lib/toast.tsx';
import { FormField, FormLayout, formResolver } from '@/ui/form.tsx';
import { PasswordInput } from '@/ui/PasswordInput.tsx';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { SmartRegisterButton, useSmartRegisterOffered } from '../components/SmartRegisterButton.tsx';
import { useLoginMutation } from '../queries.ts';

/** The login request, with a username in the form members register with (caught before sending). */
const loginForm = loginBody.safeExtend({ username });

/** Only hash paths of this app are followed after login. */
function safeRedirect(target: string | null): string {
  return target && /^\/[A-Za-z]/.test(target) && !target.startsWith('/pages/login') ? target : HOME_PATH;
}

export default function LoginPage() {
  const form = useForm({
    resolver: formResolver(zodResolver(loginForm)),
    mode: 'onChange',
    defaultValues: { username: '', password: '' },
  });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLoginMutation();
  const [error, setError] = useState<string | null>(null);
  const smartOffered = useSmartRegisterOffered();

  const submit = (values: { username: string; password: string }) => {
    setError(null);
    return login
      .mutateAsync(values)
      .then(() => {
        toast.success('登录成功');
        void navigate(safeRedirect(params.get('redirect')), { replace: true });
      })
      .catch((err: unknown) => {
        // Said once, under the form (where the member is looking), not again in a toast.
        setError(err instanceof ApiError ? err.message : '登录失败，请稍后重试');
      });
  };

  return (
    <AuthLayout title="登录" heading="欢迎回来" subheading="登录后畅享足球、篮球竞猜与彩票游戏">
      <FormLayout
        layout="horizontal"
        mode="card"
        className="auth-form"
        onSubmit={() => void form.handleSubmit(submit)()}
        footer={
          <div className="auth-actions">
            {error ? (
              <p className="form-error" role="alert" data-testid="login-error">
                {error}
              </p>
            ) : null}
            <Button block type="submit" color="primary" size="large" loading={login.isPending}>
              登录
            </Button>
            <div className="auth-links">
              <Link to="/pages/login/register">注册新账号</Link>
              <Link to="/pages/login/forgot">忘记密码？</Link>
            </div>
            {smartOffered ? (
              <div className="auth-divider">
                <span>或</span>
              </div>
            ) : null}
            <SmartRegisterButton />
            <Link className="auth-browse" to={HOME_PATH} replace>
              随便逛逛
            </Link>
          </div>
        }
      >
        <FormField
          control={form.control}
          name="username"
          label="用户名"
          required
          onValueChange={() => setError(null)}
        >
          {(field) => (
            <Input {...field} placeholder="请输入用户名" autoComplete="username" maxLength={16} clearable />
          )}
        </FormField>
        <FormField
          control={form.control}
          name="password"
          label="密码"
          required
          onValueChange={() => setError(null)}
        >
          {(field) => (
            <PasswordInput
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              placeholder="请输入密码"
              autoComplete="current-password"
              maxLength={20}
            />
          )}
        </FormField>
      </FormLayout>
    </AuthLayout>
  );
}
