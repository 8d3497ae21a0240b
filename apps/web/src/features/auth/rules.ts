import { isUsername, passwordProblem } from '@app/shared';
import type { FormInstance, Rule } from 'antd-mobile/es/components/form';
import { CODE_PATTERN } from './queries.ts';

/** Form rules built on the shared validators, so the client says what the server would. */
export const usernameRules: Rule[] = [
  { required: true, message: '请输入用户名' },
  {
    validator: (_rule, value: string | undefined) =>
      !value || isUsername(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error('用户名须为6-16位字母或数字，且以字母开头')),
  },
];

export const newPasswordRules: Rule[] = [
  { required: true, message: '请输入密码' },
  {
    validator: (_rule, value: string | undefined) => {
      const problem = value ? passwordProblem(value) : null;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

/** Confirmation must equal the field `field` (default "password"). */
export function confirmRules(field = 'password', label = '密码'): Rule[] {
  return [
    { required: true, message: `请再次输入${label}` },
    ({ getFieldValue }: FormInstance) => ({
      validator: (_rule: unknown, value: string | undefined) =>
        !value || value === getFieldValue(field)
          ? Promise.resolve()
          : Promise.reject(new Error(`两次输入的${label}不一致`)),
    }),
  ];
}

export function codeRules(label: string, required: boolean): Rule[] {
  return [
    { required, message: `请输入${label}` },
    {
      validator: (_rule, value: string | undefined) =>
        !value || CODE_PATTERN.test(value.trim())
          ? Promise.resolve()
          : Promise.reject(new Error(`${label}格式不正确`)),
    },
  ];
}
