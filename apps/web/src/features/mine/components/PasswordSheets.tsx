import { Button, Form, Popup } from 'antd-mobile';
import type { Rule } from 'antd-mobile/es/components/form';
import { useState } from 'react';
import { toast } from '@/lib/toast.tsx';
import { applyServerErrors } from '@/ui/form-errors.ts';
import { PasswordInput } from '@/ui/PasswordInput.tsx';
import { confirmRules, newPasswordRules } from '../../auth/rules.ts';
import {
  useChangePasswordMutation,
  useSetPaymentPasswordMutation,
  type PasswordChange,
  type PaymentPasswordChange,
} from '../queries.ts';

interface SheetProps {
  visible: boolean;
  onClose: () => void;
}

function useFormError() {
  return useState<string | null>(null);
}

/** POST /v1/user/profile: change the login password (other devices are logged out). */
export function LoginPasswordSheet({ visible, onClose }: SheetProps) {
  const [form] = Form.useForm<PasswordChange>();
  const change = useChangePasswordMutation();
  const [error, setError] = useFormError();
  const submit = (values: PasswordChange) => {
    setError(null);
    change
      .mutateAsync(values)
      .then((result) => {
        toast.success(
          result.revoked_sessions > 0
            ? `密码修改成功，已退出其他${result.revoked_sessions}台设备`
            : '密码修改成功',
        );
        onClose();
      })
      .catch((err: unknown) => {
        const message = applyServerErrors(form, err, ['old_password', 'password', 'password_confirmation']);
        if (message) setError(message);
      });
  };
  return (
    <Popup visible={visible} onClose={onClose} onMaskClick={onClose} destroyOnClose bodyClassName="sheet">
      <h3 className="sheet-title">修改登录密码</h3>
      <p className="sheet-desc">修改后其他设备上的登录将失效，当前设备保持登录。</p>
      <Form
        form={form}
        mode="card"
        onFinish={submit}
        footer={
          <div className="stack">
            {error ? <p className="form-error">{error}</p> : null}
            <Button block type="submit" color="primary" loading={change.isPending}>
              确认修改
            </Button>
          </div>
        }
      >
        <Form.Item name="old_password" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <PasswordInput
            placeholder="请输入当前登录密码"
            autoComplete="current-password"
            name="old_password"
          />
        </Form.Item>
        <Form.Item name="password" label="新密码" rules={newPasswordRules}>
          <PasswordInput
            placeholder="6-20位，含字母和数字"
            autoComplete="new-password"
            maxLength={20}
            name="password"
          />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label="确认密码"
          dependencies={['password']}
          rules={confirmRules()}
        >
          <PasswordInput
            placeholder="请再次输入新密码"
            autoComplete="new-password"
            maxLength={20}
            name="password_confirmation"
          />
        </Form.Item>
      </Form>
    </Popup>
  );
}

const sixDigits: Rule[] = [
  { required: true, message: '请输入支付密码' },
  { pattern: /^\d{6}$/, message: '支付密码须为6位数字' },
];

/**
 * POST /v1/user/set-payment-password: the first time it is confirmed with the login password,
 * later with the current payment password.
 */
export function PaymentPasswordSheet({
  visible,
  onClose,
  hasPassword,
}: SheetProps & { hasPassword: boolean }) {
  const [form] = Form.useForm<PaymentPasswordChange>();
  const set = useSetPaymentPasswordMutation();
  const [error, setError] = useFormError();
  const submit = (values: PaymentPasswordChange) => {
    setError(null);
    set
      .mutateAsync(values)
      .then(() => {
        toast.success(hasPassword ? '支付密码已修改' : '支付密码设置成功');
        onClose();
      })
      .catch((err: unknown) => {
        const message = applyServerErrors(form, err, [
          'old_payment_password',
          'login_password',
          'payment_password',
          'payment_password_confirmation',
        ]);
        if (message) setError(message);
      });
  };
  return (
    <Popup visible={visible} onClose={onClose} onMaskClick={onClose} destroyOnClose bodyClassName="sheet">
      <h3 className="sheet-title">{hasPassword ? '修改支付密码' : '设置支付密码'}</h3>
      <p className="sheet-desc">支付密码用于提现等资金操作，为6位数字，且不能与登录密码相同。</p>
      <Form
        form={form}
        mode="card"
        onFinish={submit}
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
          <Form.Item name="old_payment_password" label="原支付密码" rules={sixDigits}>
            <PasswordInput
              name="old_payment_password"
              placeholder="请输入当前支付密码"
              inputMode="numeric"
              maxLength={6}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="login_password"
            label="登录密码"
            rules={[{ required: true, message: '请输入登录密码' }]}
          >
            <PasswordInput
              name="login_password"
              placeholder="验证当前登录密码"
              autoComplete="current-password"
            />
          </Form.Item>
        )}
        <Form.Item name="payment_password" label="支付密码" rules={sixDigits}>
          <PasswordInput name="payment_password" placeholder="6位数字" inputMode="numeric" maxLength={6} />
        </Form.Item>
        <Form.Item
          name="payment_password_confirmation"
          label="确认密码"
          dependencies={['payment_password']}
          rules={confirmRules('payment_password', '支付密码')}
        >
          <PasswordInput
            name="payment_password_confirmation"
            placeholder="请再次输入支付密码"
            inputMode="numeric"
            maxLength={6}
          />
        </Form.Item>
      </Form>
    </Popup>
  );
}
