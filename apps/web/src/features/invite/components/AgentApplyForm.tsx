import { zodResolver } from '@hookform/resolvers/zod';
import {
  AGENT_CHANNELS,
  AGENT_CONTACT_TYPES,
  applyAgentBody,
  type AgentChannel,
  type AgentContactType,
  type ApplyAgentBody,
} from '@app/shared';
import { Button, Input, Selector, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast.tsx';
import { applyServerErrors } from '@/ui/form-errors.ts';
import { FormField, FormLayout, formResolver } from '@/ui/form.tsx';
import { useApplyAgentMutation } from '../queries.ts';

/** What the inputs hold; a choice left empty is blank. */
interface ApplyFields {
  real_name: string;
  contact_type: AgentContactType | '';
  contact: string;
  channel: AgentChannel | '';
  experience: string;
  expected_members: string;
}

const FIELDS = ['real_name', 'contact_type', 'contact', 'channel', 'experience', 'expected_members'] as const;
const CONTACT_OPTIONS = Object.entries(AGENT_CONTACT_TYPES).map(([value, label]) => ({
  value: value as AgentContactType,
  label,
}));
const CHANNEL_OPTIONS = Object.entries(AGENT_CHANNELS).map(([value, label]) => ({
  value: value as AgentChannel,
  label,
}));
const PLACEHOLDERS: Record<AgentContactType, string> = {
  mobile: '请输入手机号',
  wechat: '请输入微信号',
  qq: '请输入QQ号',
  telegram: '请输入Telegram用户名',
};
const EMPTY: ApplyFields = {
  real_name: '',
  contact_type: 'wechat',
  contact: '',
  channel: 'social',
  experience: '',
  expected_members: '',
};

/** The agent application: checked on the phone with the same rules the server applies. */
export function AgentApplyForm() {
  const form = useForm<ApplyFields, unknown, ApplyAgentBody>({
    resolver: formResolver(zodResolver(applyAgentBody)),
    // Checked on submit; a field's error (from the shared rules or the server) goes once it is edited.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY,
  });
  const apply = useApplyAgentMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const contactType = useWatch({ control: form.control, name: 'contact_type' }) || 'wechat';
  const edited = (name: (typeof FIELDS)[number]) => () => form.clearErrors(name);

  const submit = (body: ApplyAgentBody) => {
    setFormError(null);
    apply.mutate(body, {
      onSuccess: () => {
        toast.success('申请已提交，请等待审核');
        form.reset(EMPTY);
      },
      onError: (err) => setFormError(applyServerErrors(form.setError, err, FIELDS)),
    });
  };

  return (
    <FormLayout
      layout="vertical"
      mode="card"
      className="iv-apply-form"
      onSubmit={() => void form.handleSubmit(submit)()}
      footer={
        <div className="iv-apply-actions">
          {formError ? (
            <p className="form-error" role="alert">
              {formError}
            </p>
          ) : null}
          <Button block type="submit" color="primary" size="large" loading={apply.isPending}>
            提交申请
          </Button>
        </div>
      }
    >
      <FormField control={form.control} name="real_name" label="真实姓名" onValueChange={edited('real_name')}>
        {(field) => <Input {...field} placeholder="请输入真实姓名" maxLength={20} clearable />}
      </FormField>
      <FormField
        control={form.control}
        name="contact_type"
        label="联系方式"
        onValueChange={edited('contact_type')}
      >
        {(field) => (
          <Selector
            options={CONTACT_OPTIONS}
            columns={4}
            value={field.value ? [field.value] : []}
            onChange={(v) => field.onChange(v[0] ?? '')}
          />
        )}
      </FormField>
      <FormField control={form.control} name="contact" label="联系账号" onValueChange={edited('contact')}>
        {(field) => <Input {...field} placeholder={PLACEHOLDERS[contactType]} maxLength={40} clearable />}
      </FormField>
      <FormField control={form.control} name="channel" label="推广渠道" onValueChange={edited('channel')}>
        {(field) => (
          <Selector
            options={CHANNEL_OPTIONS}
            columns={3}
            value={field.value ? [field.value] : []}
            onChange={(v) => field.onChange(v[0] ?? '')}
          />
        )}
      </FormField>
      <FormField
        control={form.control}
        name="expected_members"
        label="预计发展会员数"
        onValueChange={edited('expected_members')}
      >
        {(field) => <Input {...field} type="number" inputMode="numeric" placeholder="例如 50" />}
      </FormField>
      <FormField
        control={form.control}
        name="experience"
        label="推广经验"
        onValueChange={edited('experience')}
      >
        {(field) => (
          <TextArea
            {...field}
            placeholder="请介绍您的推广经验与资源（至少10个字）"
            maxLength={500}
            rows={4}
            showCount
          />
        )}
      </FormField>
    </FormLayout>
  );
}
