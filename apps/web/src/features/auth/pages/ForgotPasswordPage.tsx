import { zodResolver } from '@hookform/resolvers/zod';
import { MOBILE_PATTERN, resetPasswordBody } from '@app/shared';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { LOGIN_PATH } from '@/lib/navigation.ts';
import { toast } from '@/lib/toast.tsx';
import { applyServerErrors } from '@/ui/form-errors.ts';
import { FormField, FormLayout, formResolver } from '@/ui/form.tsx';
import { NewPasswordFields } from '@/ui/NewPasswordFields.tsx';
import { SmsCodeInput } from '@/ui/SmsCodeInput.tsx';
import { clearSession } from '../../session/store.ts';
import { useAppInfo } from '../../site/queries.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { useForgotPasswordMutation, useResetPasswordMutation } from '../queries.ts';

interface ResetFields {
  phone: string;
  code: string;
  password: string;
  password_confirmation: string;
}

const FIELDS = ['phone', 'code', 'password', 'password_confirmation'] as const;

/** pages/login/forgot: a forgotten password reset by an SMS code to the bound number. */
export default function ForgotPasswordPage() {
  const { sms_open } = useAppInfo();
  return (
    <AuthLayout title="找回密码" heading="找回密码" subheading="通过绑定的手机号接收验证码，设置新的登录密码">
      {sms_open ? (
        <ResetForm />
      ) : (
        <div className="auth-form auth-notice" data-testid="forgot-closed">
          <p>短信验证暂未开启，无法通过手机号找回密码。</p>
          <p>请联系在线客服核实身份后为您重置密码。</p>
          <Link to="/pages/customer/customer">联系客服</Link>
        </div>
      )}
    </AuthLayout>
  );
}

function ResetForm() {
  const form = useForm<ResetFields>({
    resolver: formResolver(zodResolver(resetPasswordBody), { password_confirmation: '请再次输入密码' }),
    mode: 'onChange',
    defaultValues: { phone: '', code: '', password: '', password_confirmation: '' },
  });
  const navigate = useNavigate();
  const forgot = useForgotPasswordMutation();
  const reset = useResetPasswordMutation();
  const [error, setError] = useState<string | null>(null);
  const phone = useWatch({ control: form.control, name: 'phone' }).trim();

  const submit = (values: ResetFields) => {
    setError(null);
    return reset
      .mutateAsync(values)
      .then(() => {
        // The reset signed out every session, this phone's own too if it still held one: drop
        // it here, before its next request meets the 401 (您还未登录) and replaces this message.
        clearSession('密码已重置');
        toast.success('密码已重置，请使用新密码登录');
        void navigate(LOGIN_PATH, { replace: true });
      })
      .catch((err: unknown) => {
        const message = applyServerErrors(form.setError, err, FIELDS);
        if (message) setError(message);
      });
  };

  return (
    <FormLayout
      layout="horizontal"
      mode="card"
      className="auth-form"
      onSubmit={() => void form.handleSubmit(submit)()}
      footer={
        <div className="auth-actions">
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <Button block type="submit" color="primary" size="large" loading={reset.isPending}>
            重置密码
          </Button>
          <div className="auth-links">
            <Link to={LOGIN_PATH}>返回登录</Link>
            <Link to="/pages/customer/customer">手机号已停用？联系客服</Link>
          </div>
        </div>
      }
    >
      <FormField control={form.control} name="phone" label="手机号" required>
        {(field) => (
          <Input
            {...field}
            placeholder="绑定的手机号"
            inputMode="tel"
            autoComplete="tel"
            maxLength={11}
            clearable
          />
        )}
      </FormField>
      <FormField control={form.control} name="code" label="验证码" required>
        {(field) => (
          <SmsCodeInput
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            canSend={MOBILE_PATTERN.test(phone)}
            onSend={() =>
              forgot.mutateAsync(phone).then((answer) => {
                toast.success('如该手机号已绑定账号，验证码已发送');
                return answer;
              })
            }
          />
        )}
      </FormField>
      <NewPasswordFields form={form} name="password" confirmName="password_confirmation" kind="login" />
    </FormLayout>
  );
}
