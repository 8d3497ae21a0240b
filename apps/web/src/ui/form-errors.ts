import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../lib/api/errors.ts';

/** Hints that tie a server message without field data to a field ("该用户名已被注册" → username). */
const MESSAGE_FIELDS: Array<[RegExp, string]> = [
  [/用户名/, 'username'],
  [/邀请码/, 'invite_code'],
  [/代理码/, 'agent_code'],
  [/原密码/, 'old_password'],
  [/原支付密码/, 'old_payment_password'],
  [/登录密码不正确/, 'login_password'],
];

/**
 * Shows a failed submit on the form: field errors from a 400 (`data.errors`), or the message on
 * the field it names. Returns the message when no field took it (for a form-level notice).
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly FieldPath<T>[],
): string | null {
  if (!(error instanceof ApiError)) return '发生未知错误';
  const known = new Set<string>(fields);
  const fieldErrors = error.fieldErrors.filter((e) => known.has(e.field));
  if (fieldErrors.length > 0) {
    for (const e of fieldErrors) setError(e.field as FieldPath<T>, { type: 'server', message: e.message });
    return null;
  }
  for (const [pattern, field] of MESSAGE_FIELDS) {
    if (known.has(field) && pattern.test(error.message)) {
      setError(field as FieldPath<T>, { type: 'server', message: error.message });
      return null;
    }
  }
  return error.message;
}
