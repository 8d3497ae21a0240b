import { zodResolver } from '@hookform/resolvers/zod';
import {
  agentCode,
  agentRegisterBody,
  domainRegisterBody,
  inviteRegisterBody,
  MOBILE_PATTERN,
  registerBody,
  TERMS_VERSION,
} from '@app/shared';
import { Button, Form, Input } from 'antd-mobile';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useController, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useLocation } from 'react-router';
import { MINE_PATH, relaunch } from '@/lib/navigation.ts';
import { toast } from '@/lib/toast.tsx';
import { applyServerErrors } from '@/ui/form-errors.ts';
import { FormField, FormLayout, formResolver } from '@/ui/form.tsx';
import { NewPasswordFields } from '@/ui/NewPasswordFields.tsx';
import { SmsCodeInput } from '@/ui/SmsCodeInput.tsx';
import { useAppInfo } from '../../site/queries.ts';
import { useRegisterCodeMutation, useRegisterMutation, type RegisterVariant } from '../queries.ts';
import { AgentCodeStatus, InviteCodeStatus } from './CodeStatus.tsx';
import { TermsConsent } from './TermsConsent.tsx';

export interface CodeField {
  name: 'invite_code' | 'agent_code';
  label: string;
  required: boolean;
  initial: string;
}

/** What the inputs hold: text, blank when empty. */
interface RegistrationFields {
  username: string;
  password: string;
  password_confirmation: string;
  invite_code: string;
  agent_code: string;
  /** The number and its SMS code, asked for while the operator has sms_open on. */
  mobile: string;
  sms_code: string;
  accept_terms: boolean;
  /** Not an input: the version of the texts the links open (TERMS_VERSION). */
  terms_version: string;
}

/** What a valid form gives: trimmed, with the optional parts left out. */
export interface RegistrationValues {
  username: string;
  password: string;
  password_confirmation?: string;
  invite_code?: string;
  agent_code?: string;
  mobile?: string;
  sms_code?: string;
  accept_terms: true;
  terms_version: typeof TERMS_VERSION;
}

interface RegistrationFormProps {
  /** The code field, if this form has one. */
  code?: CodeField;
  /** Which registration call to make for the entered values. */
  variantFor: (values: RegistrationValues) => RegisterVariant;
  /** Shown above the fields (e.g. the agent a domain is bound to). */
  notice?: ReactNode;
  footer?: ReactNode;
  submitText?: string;
}

const FIELDS = [
  'username',
  'password',
  'password_confirmation',
  'invite_code',
  'agent_code',
  'mobile',
  'sms_code',
  'accept_terms',
  'terms_version',
] as const;

/**
 * The name and code typed on a registration page, kept in memory while the member reads
 * 《用户协议》 or 《隐私政策》 and comes back (passwords and the consent are asked again).
 */
const drafts = new Map<string, Pick<RegistrationFields, 'username' | 'invite_code' | 'agent_code'>>();

/** An agent code is optional where the domain names the agent (register-by-domain otherwise). */
const agentOrDomainBody = domainRegisterBody.safeExtend({ agent_code: agentCode.optional() });

/**
 * The request schema of the call the form makes: the code is checked by the shared contract of
 * the invite or agent registration, optional where the page allows it. The request schemas leave
 * the confirmation out (the API accepts a request without); the form asks for it.
 */
function resolverFor(
  code: CodeField | undefined,
  smsOpen: boolean,
): Resolver<RegistrationFields, unknown, RegistrationValues> {
  const confirm = {
    password_confirmation: '请再次输入密码',
    ...(smsOpen ? { mobile: '请输入手机号', sms_code: '请输入验证码' } : {}),
  };
  if (code?.name === 'agent_code')
    return code.required
      ? formResolver(zodResolver(agentRegisterBody), confirm)
      : formResolver(zodResolver(agentOrDomainBody), confirm);
  return code?.required
    ? formResolver(zodResolver(inviteRegisterBody), confirm)
    : formResolver(zodResolver(registerBody), confirm);
}

/** Username, password, confirmation and optionally a code; registers and lands on "mine" logged in. */
export function RegistrationForm({
  code,
  variantFor,
  notice,
  footer,
  submitText = '立即注册',
}: RegistrationFormProps) {
  const { pathname } = useLocation();
  const [draft] = useState(() => drafts.get(pathname));
  const smsOpen = useAppInfo().sms_open === 1;
  const form = useForm<RegistrationFields, unknown, RegistrationValues>({
    resolver: resolverFor(code, smsOpen),
    mode: 'onChange',
    defaultValues: {
      username: draft?.username ?? '',
      password: '',
      password_confirmation: '',
      invite_code: (code?.name === 'invite_code' ? code.initial : '') || (draft?.invite_code ?? ''),
      agent_code: (code?.name === 'agent_code' ? code.initial : '') || (draft?.agent_code ?? ''),
      mobile: '',
      sms_code: '',
      accept_terms: false,
      terms_version: TERMS_VERSION,
    },
  });
  const register = useRegisterMutation();
  const sendCode = useRegisterCodeMutation();
  const mobile = useWatch({ control: form.control, name: 'mobile' }).trim();
  const [formError, setFormError] = useState<string | null>(null);
  const codeValue = useWatch({ control: form.control, name: code?.name ?? 'invite_code' });
  const consent = useController({ control: form.control, name: 'accept_terms' });

  const registered = useRef(false);
  useEffect(
    () => () => {
      if (registered.current) {
        drafts.delete(pathname);
        return;
      }
      const { username, invite_code, agent_code } = form.getValues();
      drafts.set(pathname, { username, invite_code, agent_code });
    },
    [form, pathname],
  );

  const submit = (values: RegistrationValues) => {
    setFormError(null);
    const credentials = {
      username: values.username,
      password: values.password,
      password_confirmation: values.password_confirmation,
      ...(smsOpen ? { mobile: values.mobile, sms_code: values.sms_code } : {}),
      accept_terms: values.accept_terms,
      terms_version: values.terms_version,
    };
    return register
      .mutateAsync({ credentials, variant: variantFor(values) })
      .then(() => {
        registered.current = true;
        toast.success('注册成功');
        relaunch(MINE_PATH);
      })
      .catch((err: unknown) => {
        const message = applyServerErrors(form.setError, err, FIELDS);
        if (message) {
          setFormError(message);
          toast.error(message);
        }
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
          <TermsConsent
            checked={consent.field.value}
            onChange={(checked) => consent.field.onChange(checked)}
            error={consent.fieldState.error?.message}
          />
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
      <FormField control={form.control} name="username" label="用户名" required>
        {(field) => (
          <Input
            {...field}
            value={field.value}
            placeholder="6-16位字母或数字，字母开头"
            autoComplete="username"
            maxLength={16}
            clearable
          />
        )}
      </FormField>
      <NewPasswordFields
        form={form}
        name="password"
        confirmName="password_confirmation"
        kind="login"
        label="密码"
        confirmPlaceholder="请再次输入密码"
      />
      {smsOpen ? (
        <>
          <FormField control={form.control} name="mobile" label="手机号" required>
            {(field) => (
              <Input
                {...field}
                placeholder="11位手机号"
                inputMode="tel"
                autoComplete="tel"
                maxLength={11}
                clearable
              />
            )}
          </FormField>
          <FormField control={form.control} name="sms_code" label="验证码" required>
            {(field) => (
              <SmsCodeInput
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                canSend={MOBILE_PATTERN.test(mobile)}
                onSend={() => sendCode.mutateAsync(mobile)}
              />
            )}
          </FormField>
        </>
      ) : null}
      {code ? (
        <FormField
          control={form.control}
          name={code.name}
          label={code.label}
          required={code.required}
          description={
            code.name === 'invite_code' ? (
              <InviteCodeStatus code={codeValue} />
            ) : (
              <AgentCodeStatus code={codeValue} />
            )
          }
        >
          {(field) => (
            <Input
              {...field}
              value={field.value}
              placeholder={code.required ? `请输入${code.label}` : `${code.label}（选填）`}
              maxLength={16}
              clearable
            />
          )}
        </FormField>
      ) : null}
    </FormLayout>
  );
}
