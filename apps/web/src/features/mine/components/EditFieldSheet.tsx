import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileBody } from '@app/shared';
import { Button, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast.tsx';
import { applyServerErrors } from '@/ui/form-errors.ts';
import { FormField, FormLayout, formResolver } from '@/ui/form.tsx';
import { useUpdateProfileMutation, type ProfileChanges } from '../queries.ts';

/** The fields the account page edits one at a time (the avatar has its own picker). */
export type ProfileField = Exclude<keyof ProfileChanges, 'avatar'>;

/** Labels and the message for a blank field; the formats come from the shared `updateProfileBody`. */
export const PROFILE_FIELDS: Record<
  ProfileField,
  { label: string; placeholder: string; required: string; note?: string; maxLength: number }
> = {
  nickname: { label: '昵称', placeholder: '1-20个字符', maxLength: 20, required: '昵称不能为空' },
  mobile: { label: '手机号', placeholder: '请输入11位手机号', maxLength: 11, required: '请输入手机号' },
  email: { label: '邮箱', placeholder: '请输入邮箱地址', maxLength: 254, required: '请输入邮箱' },
  real_name: {
    label: '真实姓名',
    placeholder: '请输入与银行卡一致的姓名',
    maxLength: 40,
    required: '请输入真实姓名',
    note: '真实姓名只能设置一次，须与提现银行卡户名一致，设置后如需修改请联系客服。',
  },
};

interface EditFieldSheetProps {
  field: ProfileField | null;
  initial: string;
  onClose: () => void;
}

/** Bottom sheet editing one profile field through POST /v1/user/update. */
export function EditFieldSheet({ field, initial, onClose }: EditFieldSheetProps) {
  return (
    <Popup
      visible={field !== null}
      onClose={onClose}
      onMaskClick={onClose}
      destroyOnClose
      bodyClassName="sheet"
    >
      {field ? <EditFieldForm key={field} field={field} initial={initial} onDone={onClose} /> : null}
    </Popup>
  );
}

type ProfileFields = Record<ProfileField, string>;

function EditFieldForm({
  field,
  initial,
  onDone,
}: {
  field: ProfileField;
  initial: string;
  onDone: () => void;
}) {
  const config = PROFILE_FIELDS[field];
  const form = useForm<ProfileFields, unknown, ProfileChanges>({
    // Only this field is filled in; the others are blank, so the request carries just this one.
    resolver: formResolver(zodResolver(updateProfileBody), { [field]: config.required }),
    mode: 'onChange',
    defaultValues: { nickname: '', mobile: '', email: '', real_name: '', [field]: initial },
  });
  const update = useUpdateProfileMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = (changes: ProfileChanges) => {
    setError(null);
    return update
      .mutateAsync(changes)
      .then(() => {
        toast.success('资料已更新');
        onDone();
      })
      .catch((err: unknown) => {
        const message = applyServerErrors(form.setError, err, [field]);
        if (message) setError(message);
      });
  };

  return (
    <>
      <h3 className="sheet-title">修改{config.label}</h3>
      {config.note ? <p className="sheet-desc">{config.note}</p> : null}
      <FormLayout
        mode="card"
        onSubmit={() => void form.handleSubmit(submit)()}
        footer={
          <div className="stack">
            {error ? <p className="form-error">{error}</p> : null}
            <Button block type="submit" color="primary" loading={update.isPending}>
              保存
            </Button>
          </div>
        }
      >
        <FormField control={form.control} name={field} label={config.label} required>
          {(input) => (
            <Input
              {...input}
              placeholder={config.placeholder}
              maxLength={config.maxLength}
              clearable
              autoFocus
            />
          )}
        </FormField>
      </FormLayout>
    </>
  );
}
