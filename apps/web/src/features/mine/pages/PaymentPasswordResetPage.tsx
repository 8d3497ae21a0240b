import { zodResolver } from '@hookform/resolvers/zod';
import { resetPaymentPasswordBody } from '@app/shared';
import { List } from 'antd-mobile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { applyServerErrors } from '@/ui/form-errors.ts';
import { FormField, FormLayout, formResolver } from '@/ui/form.tsx';
import { NewPasswordFields } from '@/ui/NewPasswordFields.tsx';
import { Page } from '@/ui/Page.tsx';
import { SmsCodeInput } from '@/ui/SmsCodeInput.tsx';
import { useMeQuery } from '../../session/queries.ts';
import { useSessionStore } from '../../session/store.ts';
import { useAppInfo } from '../../site/queries.ts';
import { useMemberCodeMutation, useResetPaymentPasswordMutation } from '../queries.ts';
import { SubmitBar } from './PhonePage.tsx';
import '../mine.css';

interface ResetFields {
  code: string;
  payment_password: string;
  payment_password_confirmation: string;
}

/** minePages/payment-reset: a forgotten payment password, reset by a code to the bound number. */
export default function PaymentPasswordResetPage() {
  useMeQuery();
  const user = useSessionStore((s) => s.userinfo);
  const { sms_open } = useAppInfo();
  const ready = sms_open === 1 && user?.mobile_verified;
  return (
    <Page title="重置支付密码">
      {ready ? (
        <ResetForm phone={user.mobile} />
      ) : (
        <div className="page-note" data-testid="payment-reset-closed">
          {sms_open ? (
            <>
              请先<Link to="/minePages/phone">绑定手机号</Link>，再通过短信验证码重置支付密码。
            </>
          ) : (
            <>
              短信验证暂未开启，如忘记支付密码请<Link to="/pages/customer/customer">联系客服</Link>。
            </>
          )}
        </div>
      )}
    </Page>
  );
}

function ResetForm({ phone }: { phone: string }) {
  const form = useForm<ResetFields>({
    resolver: formResolver(zodResolver(resetPaymentPasswordBody), {
      payment_password_confirmation: '请再次输入支付密码',
    }),
    mode: 'onChange',
    defaultValues: { code: '', payment_password: '', payment_password_confirmation: '' },
  });
  const navigate = useNavigate();
  const send = useMemberCodeMutation();
  const reset = useResetPaymentPasswordMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = (values: ResetFields) => {
    setError(null);
    return reset
      .mutateAsync(values)
      .then(() => {
        toast.success('支付密码已重置');
        void navigate(-1);
      })
      .catch((err: unknown) => {
        const message = applyServerErrors(form.setError, err, [
          'code',
          'payment_password',
          'payment_password_confirmation',
        ]);
        if (message) setError(message);
      });
  };

  return (
    <FormLayout
      mode="card"
      onSubmit={() => void form.handleSubmit(submit)()}
      footer={<SubmitBar error={error} loading={reset.isPending} text="确认重置" />}
    >
      <List.Item extra={<span className="mono">{phone}</span>}>绑定手机号</List.Item>
      <FormField control={form.control} name="code" label="验证码" required>
        {(field) => (
          <SmsCodeInput
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onSend={() => send.mutateAsync({ purpose: 'reset_payment_password' })}
          />
        )}
      </FormField>
      <NewPasswordFields
        form={form}
        name="payment_password"
        confirmName="payment_password_confirmation"
        kind="payment"
        label="新支付密码"
      />
    </FormLayout>
  );
}
