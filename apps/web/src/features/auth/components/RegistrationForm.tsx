import { Button, Form, Input } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { MINE_PATH, relaunch } from '@/lib/navigation.ts';
import { toast } from '@/lib/toast.tsx';
import { applyServerErrors } from '@/ui/form-errors.ts';
import { PasswordInput } from '@/ui/PasswordInput.tsx';
import { useRegisterMutation, type RegisterVariant } from '../queries.ts';
import { codeRules, confirmRules, newPasswordRules, usernameRules } from '../rules.ts';
import { AgentCodeStatus, InviteCodeStatus } from './CodeStatus.tsx';

export interface CodeField {
  name: 'invite_code' | 'agent_code';
  label: string;
  required: boolean;
  initial: string;
}

interface FormValues {
  username: string;
  password: string;
  password_confirmation: string;
  invite_code?: string;
  agent_code?: string;
}

interface RegistrationFormProps {
  /** The code field, if this form has one. */
  code?: CodeField;
  /** Which registration call to make for the entered values. */
  variantFor: (values: FormValues) => RegisterVariant;
  /** Shown above the fields (e.g. the agent a domain is bound to). */
  notice?: ReactNode;
  footer?: ReactNode;
  submitText?: string;
}

const FIELDS = ['username', 'password', 'password_confirmation', 'invite_code', 'agent_code'] as const;

/** Username, password, confirmation and optionally a code; registers and lands on "mine" logged in. */
export function RegistrationForm({
  code,
  variantFor,
  notice,
  footer,
  submitText = '立即注册',
}: RegistrationFormProps) {
  const [form] = Form.useForm<FormValues>();
  const register = useRegisterMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const codeValue = Form.useWatch<string | undefined>(code?.name ?? 'invite_code', form) ?? '';

  const submit = (values: FormValues) => {
    setFormError(null);
    const credentials = {
      username: values.username.trim(),
      password: values.password,
      password_confirmation: values.password_confirmation,
    };
    register
      .mutateAsync({ credentials, variant: variantFor(values) })
      .then(() => {
        toast.success('注册成功');
        relaunch(MINE_PATH);
      })
      .catch((err: unknown) => {
        const message = applyServerErrors(form, err, FIELDS);
        if (message) {
          setFormError(message);
          toast.error(message);
        }
      });
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      mode="card"
      className="auth-form"
      initialValues={code ? { [code.name]: code.initial } : {}}
      onFinish={submit}
      footer={
        <div className="auth-actions">
          {formError ? (
            <p className="form-error" role="alert">
              {formError}
            </p>
          ) : null}
          <Button block type="submit" color="primary" size="large" loading={register.isPending}>
            {submitText}
          </Button>
          {footer}
        </div>
      }
    >
      {notice ? <Form.Header>{notice}</Form.Header> : null}
      <Form.Item name="username" label="用户名" rules={usernameRules}>
        <Input
          name="username"
          placeholder="6-16位字母或数字，字母开头"
          autoComplete="username"
          maxLength={16}
          clearable
        />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={newPasswordRules}>
        <PasswordInput
          name="password"
          placeholder="6-20位，含字母和数字"
          autoComplete="new-password"
          maxLength={20}
        />
      </Form.Item>
      <Form.Item
        name="password_confirmation"
        label="确认密码"
        dependencies={['password']}
        rules={confirmRules()}
      >
        <PasswordInput
          name="password_confirmation"
          placeholder="请再次输入密码"
          autoComplete="new-password"
          maxLength={20}
        />
      </Form.Item>
      {code ? (
        <Form.Item
          name={code.name}
          label={code.label}
          rules={codeRules(code.label, code.required)}
          description={
            code.name === 'invite_code' ? (
              <InviteCodeStatus code={codeValue} />
            ) : (
              <AgentCodeStatus code={codeValue} />
            )
          }
        >
          <Input
            name={code.name}
            placeholder={code.required ? `请输入${code.label}` : `${code.label}（选填）`}
            maxLength={16}
            clearable
          />
        </Form.Item>
      ) : null}
    </Form>
  );
}
