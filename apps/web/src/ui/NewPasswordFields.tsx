import type { FieldPathByValue, FieldValues, UseFormReturn } from 'react-hook-form';
import { FormField, recheckIfFilled } from './form.tsx';
import { PasswordInput } from './PasswordInput.tsx';

const KINDS = {
  login: {
    placeholder: '6-20位，含字母和数字',
    confirm: '请再次输入新密码',
    maxLength: 20,
    inputMode: undefined,
    autoComplete: 'new-password',
  },
  payment: {
    placeholder: '6位数字',
    confirm: '请再次输入支付密码',
    maxLength: 6,
    inputMode: 'numeric',
    autoComplete: 'off',
  },
} as const;

interface NewPasswordFieldsProps<T extends FieldValues, C, O> {
  form: UseFormReturn<T, C, O>;
  /** The new password's field and its confirmation's (both text). */
  name: FieldPathByValue<T, string>;
  confirmName: FieldPathByValue<T, string>;
  kind: keyof typeof KINDS;
  label?: string;
  confirmPlaceholder?: string;
}

/**
 * A new password and its confirmation: a login password (6–20, letters and digits) or a payment
 * password (6 digits). The confirmation is checked again whenever the password changes.
 */
export function NewPasswordFields<T extends FieldValues, C, O>({
  form,
  name,
  confirmName,
  kind,
  label = '新密码',
  confirmPlaceholder,
}: NewPasswordFieldsProps<T, C, O>) {
  const spec = KINDS[kind];
  return (
    <>
      <FormField
        control={form.control}
        name={name}
        label={label}
        required
        onValueChange={() => recheckIfFilled(form, confirmName)}
      >
        {(field) => (
          <PasswordInput
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            placeholder={spec.placeholder}
            autoComplete={spec.autoComplete}
            inputMode={spec.inputMode}
            maxLength={spec.maxLength}
          />
        )}
      </FormField>
      <FormField control={form.control} name={confirmName} label="确认密码" required>
        {(field) => (
          <PasswordInput
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            placeholder={confirmPlaceholder ?? spec.confirm}
            autoComplete={spec.autoComplete}
            inputMode={spec.inputMode}
            maxLength={spec.maxLength}
          />
        )}
      </FormField>
    </>
  );
}
