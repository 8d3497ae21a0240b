import { Form, type FormItemProps, type FormProps } from 'antd-mobile';
import type { ReactElement, ReactNode } from 'react';
import {
  useController,
  type Control,
  type ControllerRenderProps,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type ResolverOptions,
  type ResolverResult,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * Forms: react-hook-form holds the values and validates them with a shared zod schema
 * (`zodResolver(schema)` from @hookform/resolvers); antd-mobile's Form is only the layout. These
 * pieces keep the look and DOM of antd-mobile's own validation (the feedback text sits in
 * `.adm-form-item-feedback-error`), so pages and browser tests see the same thing as before.
 */

/** Fields the form requires although the schema lets them out, with the message to show. */
export type RequiredFields<T extends FieldValues> = Partial<Record<FieldPath<T>, string>>;

/** A text field left blank (or only spaces) is a missing value, as antd-mobile's `required` treated it. */
export function blankAsMissing<T extends FieldValues>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = typeof value === 'string' && value.trim() === '' ? undefined : value;
  }
  return out as T;
}

/**
 * The schema's resolver with blank fields treated as missing (so the shared schemas' own
 * "请输入…" messages answer them) and, optionally, fields this form requires that the request
 * schema leaves optional (`required` may depend on the values, e.g. the wallet type). What the
 * inputs hold (`TFields`: text, blank choices, fields the schema does not read) is exactly what the
 * schema is there to check, so it is handed over as the schema's input.
 */
export function formResolver<TFields extends FieldValues, TIn extends FieldValues, C, TOut>(
  resolver: Resolver<TIn, C, TOut>,
  required: RequiredFields<TFields> | ((values: TFields) => RequiredFields<TFields>) = {},
): Resolver<TFields, C, TOut> {
  return async (values, context, options) => {
    const present = blankAsMissing(values);
    const result = await resolver(
      present as unknown as TIn,
      context,
      options as unknown as ResolverOptions<TIn>,
    );
    const needed = typeof required === 'function' ? required(present) : required;
    const missing = (Object.entries(needed) as Array<[FieldPath<TFields>, string]>).filter(
      ([name]) => (present as Record<string, unknown>)[name] === undefined,
    );
    if (missing.length === 0) return result as ResolverResult<TFields, TOut>;
    const errors: Record<string, unknown> = { ...result.errors };
    for (const [name, message] of missing) errors[name] = { type: 'required', message };
    return { values: {}, errors: errors as FieldErrors<TFields> };
  };
}

/**
 * Re-checks a field after another one changed, once the member has typed in it: a confirmation
 * follows its password without complaining before it was filled in.
 */
export function recheckIfFilled<T extends FieldValues, C, O>(
  form: Pick<UseFormReturn<T, C, O>, 'getValues' | 'trigger'>,
  name: FieldPath<T>,
): void {
  if (form.getValues(name)) void form.trigger(name);
}

/** The first message of a failed submit, in the order the fields are listed. */
export function firstError<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly FieldPath<T>[],
): string | null {
  for (const name of order) {
    const message = (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return null;
}

/** antd-mobile's Form as layout only: a submit (button or Enter) runs `onSubmit`. */
export function FormLayout({
  onSubmit,
  ...props
}: Omit<FormProps, 'form' | 'onFinish' | 'initialValues'> & { onSubmit: () => void }) {
  return <Form {...props} onFinish={() => onSubmit()} />;
}

type FieldProps<T extends FieldValues, N extends FieldPath<T>, C, O> = {
  control: Control<T, C, O>;
  name: N;
  label: ReactNode;
  description?: ReactNode;
  /** Shows antd-mobile's required mark (Form.Item draws it only for fields it validates itself). */
  required?: boolean;
  /** Runs after each change (e.g. re-checks a confirmation already typed against its password). */
  onValueChange?: () => void;
  className?: string;
  children: (field: ControllerRenderProps<T, N>) => ReactElement;
} & Pick<FormItemProps, 'onClick' | 'arrow' | 'layout'>;

/** One field: its label, its input (`children` binds the value) and its error under it. */
export function FormField<T extends FieldValues, N extends FieldPath<T>, C, O>({
  control,
  name,
  label,
  description,
  required,
  onValueChange,
  className,
  children,
  ...item
}: FieldProps<T, N, C, O>) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const bound: ControllerRenderProps<T, N> = onValueChange
    ? {
        ...field,
        onChange: (...event: unknown[]) => {
          field.onChange(...event);
          onValueChange();
        },
      }
    : field;
  return (
    <Form.Item
      {...item}
      label={
        required ? (
          <>
            {label}
            <span className="adm-form-item-required-asterisk">*</span>
          </>
        ) : (
          label
        )
      }
      className={[className, error ? 'adm-form-item-has-error' : null].filter(Boolean).join(' ') || undefined}
      description={
        description || error ? (
          <>
            {description}
            {error ? <div className="adm-form-item-feedback-error">{error}</div> : null}
          </>
        ) : undefined
      }
    >
      {children(bound)}
    </Form.Item>
  );
}
