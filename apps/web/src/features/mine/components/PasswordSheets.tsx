import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody, paymentPassword, setPaymentPasswordBody } from '@app/shared';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast.tsx';
import { applyServerErrors } from '@/ui/form-errors.ts';
import { FormField, FormLayout, formResolver } from '@/ui/form.tsx';
import { NewPasswordFields } from '@/ui/NewPasswordFields.tsx';
import { PasswordInput } from '@/ui/PasswordInput.tsx';
import {
  useChangePasswordMutation,
  useSetPaymentPasswordMutation,
  type PaymentPasswordChange,
} from '../queries.ts';

interface SheetProps {
  visible: boolean;
  onClose: () => void;
}

/** POST /v1/user/profile: change the login password (other devices are logged out). */
export function LoginPasswordSheet({ visible, onClose }: SheetProps) {
  return (
    <Popup visible={visible} onClose={onClose} onMaskClick={onClose} destroyOnClose bodyClassName="sheet">
      <h3 className="sheet-title">修改登录密码</h3>
      <p className="sheet-desc">修改后其他设备上的登录将失效，当前设备保持登录。</p>
      {/* destroyOnClose: a reopened sheet mounts a new, empty form. */}
      <LoginPasswordForm onDone={onClose} />
    </Popup>
  );
}

function LoginPasswordForm({ onDone }: { onDone: () => void }) {
  const form = useForm({
    resolver: formResolver(zodResolver(changePasswordBody)),
    mode: 'onChange',
    defaultValues: { old_password: '', password: '', password_confirmation: '' },
  });
  const change = useChangePasswordMutation();
  const [error, setError] = useState<string | null>(null);
  const submit = (values: { old_password: string; password: string; password_confirmation: string }) => {
    setError(null);
    return change
      .mutateAsync(values)
      .then((result) => {
        toast.success(
          result.revoked_sessions > 0
            ? `密码修改成功，已退出其他${result.revoked_sessions}台设备`
            : '密码修改成功',
        );
        onDone();
      })
      .catch((err: unknown) => {
        const message = applyServerErrors(form.setError, err, [
          'old_password',
          'password',
          'password_confirmation',
        ]);
        if (message) setError(message);
      });
  };
  return (
    <FormLayout
      mode="card"
      onSubmit={() => void form.handleSubmit(submit)()}
      footer={
        <div className="stack">
          {error ? <p className="form-error">{error}</p> : null}
          <Button block type="submit" color="primary" loading={change.isPending}>
            确认修改
          </Button>
        </div>
      }
    >
      <FormField control={form.control} name="old_password" label="原密码" required>
        {(field) => (
          <PasswordInput
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            placeholder="请输入当前登录密码"
            autoComplete="current-password"
          />
        )}
      </FormField>
      <NewPasswordFields form={form} name="password" confirmName="password_confirmation" kind="login" />
    </FormLayout>
  );
}

/** Changing a set payment password is confirmed with the current one (six digits, like the new one). */
const changePaymentPassword = setPaymentPasswordBody.safeExtend({ old_payment_password: paymentPassword });

interface PaymentPasswordFields {
  old_payment_password: string;
  login_password: string;
  payment_password: string;
  payment_password_confirmation: string;
}

/**
 * POST /v1/user/set-payment-password: the first time it is confirmed with the login password,
 * later with the current payment password.
 */
export function PaymentPasswordSheet({
  visible,
  onClose,
  hasPassword,
}: SheetProps & { hasPassword: boolean }) {
  return (
    <Popup visible={visible} onClose={onClose} onMaskClick={onClose} destroyOnClose bodyClassName="sheet">
      <h3 className="sheet-title">{hasPassword ? '修改支付密码' : '设置支付密码'}</h3>
      <p className="sheet-desc">支付密码用于提现等资金操作，为6位数字，且不能与登录密码相同。</p>
      <PaymentPasswordForm hasPassword={hasPassword} onDone={onClose} />
    </Popup>
  );
}

function PaymentPasswordForm({ hasPassword, onDone }: { hasPassword: boolean; onDone: () => void }) {
  const form = useForm<PaymentPasswordFields, unknown, PaymentPasswordChange>({
    resolver: hasPassword
      ? formResolver(zodResolver(changePaymentPassword))
      : formResolver(zodResolver(setPaymentPasswordBody), { login_password: '请输入登录密码' }),
    mode: 'onChange',
    defaultValues: {
      old_payment_password: '',
      login_password: '',
      payment_password: '',
      payment_password_confirmation: '',
    },
  });
  const set = useSetPaymentPasswordMutation();
  const [error, setError] = useState<string | null>(null);
  const submit = (values: PaymentPasswordChange) => {
    setError(null);
    return set
      .mutateAsync(values)
      .then(() => {
        toast.success(hasPassword ? '支付密码已修改' : '支付密码设置成功');
        onDone();
      })
      .catch((err: unknown) => {
        const message = applyServerErrors(form.setError, err, [
          'old_payment_password',
          'login_password',
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
      footer={
        <div className="stack">
          {error ? <p className="form-error">{error}</p> : null}
          <Button block type="submit" color="primary" loading={set.isPending}>
            {hasPassword ? '确认修改' : '确认设置'}
          </Button>
        </div>
      }
    >
      {hasPassword ? (
        <FormField control={form.control} name="old_payment_password" label="原支付密码" required>
          {(field) => (
            <PasswordInput
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              placeholder="请输入当前支付密码"
              inputMode="numeric"
              maxLength={6}
            />
          )}
        </FormField>
      ) : (
        <FormField control={form.control} name="login_password" label="登录密码" required>
          {(field) => (
            <PasswordInput
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              placeholder="验证当前登录密码"
              autoComplete="current-password"
            />
          )}
        </FormField>
      )}
      <NewPasswordFields
        form={form}
        name="payment_password"
        confirmName="payment_password_confirmation"
        kind="payment"
        label="支付密码"
      />
    </FormLayout>
  );
}
