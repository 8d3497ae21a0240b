import { isEmail, isMobile } from '@app/shared';
import { Button, Form, Input, Popup } from 'antd-mobile';
import type { Rule } from 'antd-mobile/es/components/form';
import { useState } from 'react';
import { toast } from '@/lib/toast.tsx';
import { applyServerErrors } from '@/ui/form-errors.ts';
import { useUpdateProfileMutation, type ProfileChanges } from '../queries.ts';

export type ProfileField = keyof ProfileChanges;

const REAL_NAME = /^[\u4e00-\u9fa5·]{2,20}$|^[A-Za-z][A-Za-z .]{1,39}$/;

const check = (test: (value: string) => boolean, message: string): Rule =>
  ({
    validator: (_rule: unknown, value: string | undefined) =>
      !value || test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(message)),
  }) as Rule;

export const PROFILE_FIELDS: Record<
  ProfileField,
  { label: string; placeholder: string; rules: Rule[]; note?: string; maxLength: number }
> = {
  nickname: {
    label: '昵称',
    placeholder: '1-20个字符',
    maxLength: 20,
    rules: [{ required: true, whitespace: true, message: '昵称不能为空' }],
  },
  mobile: {
    label: '手机号',
    placeholder: '请输入11位手机号',
    maxLength: 11,
    rules: [{ required: true, message: '请输入手机号' }, check(isMobile, '手机号格式不正确')],
  },
  email: {
    label: '邮箱',
    placeholder: '请输入邮箱地址',
    maxLength: 254,
    rules: [{ required: true, message: '请输入邮箱' }, check(isEmail, '邮箱格式不正确')],
  },
  real_name: {
    label: '真实姓名',
    placeholder: '请输入与银行卡一致的姓名',
    maxLength: 40,
    note: '真实姓名只能设置一次，须与提现银行卡户名一致，设置后如需修改请联系客服。',
    rules: [
      { required: true, message: '请输入真实姓名' },
      check((v) => REAL_NAME.test(v), '真实姓名格式不正确'),
    ],
  },
};

interface EditFieldSheetProps {
  field: ProfileField | null;
  initial: string;
  onClose: () => void;
}

/** Bottom sheet editing one profile field through POST /v1/user/update. */
export function EditFieldSheet({ field, initial, onClose }: EditFieldSheetProps) {
  const [form] = Form.useForm<Record<string, string>>();
  const update = useUpdateProfileMutation();
  const [error, setError] = useState<string | null>(null);
  const config = field ? PROFILE_FIELDS[field] : null;

  const submit = (values: Record<string, string>) => {
    if (!field) return;
    setError(null);
    update
      .mutateAsync({ [field]: (values[field] ?? '').trim() })
      .then(() => {
        toast.success('资料已更新');
        onClose();
      })
      .catch((err: unknown) => {
        const message = applyServerErrors(form, err, [field]);
        if (message) setError(message);
      });
  };

  return (
    <Popup
      visible={field !== null}
      onClose={onClose}
      onMaskClick={onClose}
      destroyOnClose
      bodyClassName="sheet"
    >
      {config && field ? (
        <>
          <h3 className="sheet-title">修改{config.label}</h3>
          {config.note ? <p className="sheet-desc">{config.note}</p> : null}
          <Form
            form={form}
            mode="card"
            initialValues={{ [field]: initial }}
            onFinish={submit}
            footer={
              <div className="stack">
                {error ? <p className="form-error">{error}</p> : null}
                <Button block type="submit" color="primary" loading={update.isPending}>
                  保存
                </Button>
              </div>
            }
          >
            <Form.Item name={field} label={config.label} rules={config.rules}>
              <Input
                name={field}
                placeholder={config.placeholder}
                maxLength={config.maxLength}
                clearable
                autoFocus
              />
            </Form.Item>
          </Form>
        </>
      ) : null}
    </Popup>
  );
}
