import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormText } from '@ant-design/pro-components';
import { operatorLoginBody } from '@app/shared';
import { App } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAuth } from '@/app/auth.tsx';
import { ApiError, post, validate } from '@/lib/api.ts';

/** Username and password; when the account has two-factor on, the code field appears. */
export default function LoginPage() {
  const { operator, signIn } = useAuth();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [needsCode, setNeedsCode] = useState(false);
  if (operator) return <Navigate to="/" replace />;

  const submit = async (values: { username: string; password: string; totp_code?: string }) => {
    try {
      const body = validate(operatorLoginBody, values);
      const result = await post('/admin/v1/auth/login', body);
      signIn(result.token, result.operator);
      void navigate('/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.data?.totp_required) {
        setNeedsCode(true);
        if (values.totp_code) void message.error(err.message);
        else void message.info('该账号已开启两步验证，请输入动态验证码');
        return;
      }
      void message.error(err instanceof Error ? err.message : '登录失败');
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        background: 'linear-gradient(160deg,#1d1d1d 0%,#3a3020 100%)',
        paddingTop: 120,
      }}
    >
      <div style={{ width: 420, margin: '0 auto', background: '#fff', borderRadius: 8, padding: '8px 0' }}>
        <LoginForm
          title="金彩体育"
          subTitle="运营后台 · 操作均记录审计日志"
          logo="/admin/favicon.svg"
          submitter={{ searchConfig: { submitText: '登录' } }}
          onFinish={submit}
        >
          <ProFormText
            name="username"
            fieldProps={{ size: 'large', prefix: <UserOutlined />, autoComplete: 'username' }}
            placeholder="用户名"
            rules={[{ required: true, message: '请输入用户名' }]}
          />
          <ProFormText.Password
            name="password"
            fieldProps={{ size: 'large', prefix: <LockOutlined />, autoComplete: 'current-password' }}
            placeholder="密码"
            rules={[{ required: true, message: '请输入密码' }]}
          />
          {needsCode && (
            <ProFormText
              name="totp_code"
              fieldProps={{
                size: 'large',
                prefix: <SafetyOutlined />,
                maxLength: 6,
                autoComplete: 'one-time-code',
                autoFocus: true,
              }}
              placeholder="6位动态验证码"
              rules={[{ required: true, pattern: /^\d{6}$/, message: '动态验证码为6位数字' }]}
            />
          )}
        </LoginForm>
      </div>
    </div>
  );
}
