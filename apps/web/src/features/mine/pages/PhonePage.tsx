import { zodResolver } from '@hookform/resolvers/zod';
import { bindPhoneBody, changePhoneBody, MOBILE_PATTERN } from '@app/shared';
import { Button, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { applyServerErrors } from '@/ui/form-errors.ts';
import { FormField, FormLayout, formResolver } from '@/ui/form.tsx';
import { Page } from '@/ui/Page.tsx';
import { SmsCodeInput } from '@/ui/SmsCodeInput.tsx';
import { useMeQuery } from '../../session/queries.ts';
import { useSessionStore } from '../../session/store.ts';
import { useAppInfo } from '../../site/queries.ts';
import { useBindPhoneMutation, useChangePhoneMutation, useMemberCodeMutation } from '../queries.ts';
import '../mine.css';

/** minePages/phone: bind a number by its code, or change it with codes to the old and the new. */
export default function PhonePage() {
  useMeQuery();
  const user = useSessionStore((s) => s.userinfo);
  const { sms_open } = useAppInfo();
  const title = user?.mobile_verified ? '更换手机号' : '绑定手机号';
  if (!sms_open) {
    return (
      <Page title="手机号">
        <div className="page-note" data-testid="phone-closed">
          短信验证暂未开启，暂不能验证手机号。如需修改已验证的手机号，请
          <Link to="/pages/customer/customer">联系客服</Link>。
        </div>
      </Page>
    );
  }
  return (
    <Page title={title}>
      {!user ? (
        <div className="page-loading">正在加载账户信息…</div>
      ) : user.mobile_verified ? (
        <ChangeForm current={user.mobile} />
      ) : (
        <BindForm />
      )}
    </Page>
  );
}

function BindForm() {
  const form = useForm({
    resolver: formResolver(zodResolver(bindPhoneBody)),
    mode: 'onChange',
    defaultValues: { phone: '', code: '' },
  });
  const navigate = useNavigate();
  const send = useMemberCodeMutation();
  const bind = useBindPhoneMutation();
  const [error, setError] = useState<string | null>(null);
  const phone = useWatch({ control: form.control, name: 'phone' }).trim();

  const submit = (values: { phone: string; code: string }) => {
    setError(null);
    return bind
      .mutateAsync(values)
      .then(() => {
        toast.success('手机号绑定成功');
        void navigate(-1);
      })
      .catch((err: unknown) => {
        const message = applyServerErrors(form.setError, err, ['phone', 'code']);
        if (message) setError(message);
      });
  };

  return (
    <FormLayout
      mode="card"
      onSubmit={() => void form.handleSubmit(submit)()}
      footer={<SubmitBar error={error} loading={bind.isPending} text="确认绑定" />}
    >
      <p className="form-intro">绑定后可用手机号接收验证码找回登录密码、重置支付密码。</p>
      <FormField control={form.control} name="phone" label="手机号" required>
        {(field) => <Input {...field} placeholder="11位手机号" inputMode="tel" maxLength={11} clearable />}
      </FormField>
      <FormField control={form.control} name="code" label="验证码" required>
        {(field) => (
          <SmsCodeInput
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            canSend={MOBILE_PATTERN.test(phone)}
            onSend={() => send.mutateAsync({ purpose: 'bind_phone', phone })}
          />
        )}
      </FormField>
    </FormLayout>
  );
}

function ChangeForm({ current }: { current: string }) {
  const form = useForm({
    resolver: formResolver(zodResolver(changePhoneBody)),
    mode: 'onChange',
    defaultValues: { old_code: '', phone: '', code: '' },
  });
  const navigate = useNavigate();
  const send = useMemberCodeMutation();
  const change = useChangePhoneMutation();
  const [error, setError] = useState<string | null>(null);
  const phone = useWatch({ control: form.control, name: 'phone' }).trim();

  const submit = (values: { old_code: string; phone: string; code: string }) => {
    setError(null);
    return change
      .mutateAsync(values)
      .then(() => {
        toast.success('手机号更换成功');
        void navigate(-1);
      })
      .catch((err: unknown) => {
        const message = applyServerErrors(form.setError, err, ['old_code', 'phone', 'code']);
        if (message) setError(message);
      });
  };

  return (
    <FormLayout
      mode="card"
      onSubmit={() => void form.handleSubmit(submit)()}
      footer={<SubmitBar error={error} loading={change.isPending} text="确认更换" />}
    >
      <List.Item className="form-step">第一步：验证原手机号</List.Item>
      <List.Item extra={<span className="mono">{current}</span>}>原手机号</List.Item>
      <FormField control={form.control} name="old_code" label="验证码" required>
        {(field) => (
          <SmsCodeInput
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onSend={() => send.mutateAsync({ purpose: 'change_phone_old' })}
          />
        )}
      </FormField>
      <List.Item className="form-step">第二步：绑定新手机号</List.Item>
      <FormField control={form.control} name="phone" label="新手机号" required>
        {(field) => <Input {...field} placeholder="11位手机号" inputMode="tel" maxLength={11} clearable />}
      </FormField>
      <FormField control={form.control} name="code" label="验证码" required>
        {(field) => (
          <SmsCodeInput
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            canSend={MOBILE_PATTERN.test(phone)}
            onSend={() => send.mutateAsync({ purpose: 'change_phone_new', phone })}
          />
        )}
      </FormField>
    </FormLayout>
  );
}

/** The form's refusal, then its button. */
export function SubmitBar({
  error,
  loading,
  text,
}: {
  error: string | null;
  loading: boolean;
  text: string;
}) {
  return (
    <div className="stack">
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button block type="submit" color="primary" size="large" loading={loading}>
        {text}
      </Button>
    </div>
  );
}
