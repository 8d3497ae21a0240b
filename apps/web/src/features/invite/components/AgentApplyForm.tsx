import {
  AGENT_CHANNELS,
  AGENT_CONTACT_TYPES,
  applyAgentBody,
  type AgentChannel,
  type AgentContactType,
} from '@app/shared';
import { Button, Form, Input, Selector, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { toast } from '@/lib/toast.tsx';
import { applyServerErrors } from '@/ui/form-errors.ts';
import { useApplyAgentMutation } from '../queries.ts';

interface FormValues {
  real_name?: string;
  contact_type?: AgentContactType[];
  contact?: string;
  channel?: AgentChannel[];
  experience?: string;
  expected_members?: string;
}

const FIELDS = ['real_name', 'contact_type', 'contact', 'channel', 'experience', 'expected_members'] as const;
const CONTACT_OPTIONS = Object.entries(AGENT_CONTACT_TYPES).map(([value, label]) => ({ value, label }));
const CHANNEL_OPTIONS = Object.entries(AGENT_CHANNELS).map(([value, label]) => ({ value, label }));
const PLACEHOLDERS: Record<AgentContactType, string> = {
  mobile: '请输入手机号',
  wechat: '请输入微信号',
  qq: '请输入QQ号',
  telegram: '请输入Telegram用户名',
};

/** The agent application: checked on the phone with the same rules the server applies. */
export function AgentApplyForm() {
  const [form] = Form.useForm<FormValues>();
  const apply = useApplyAgentMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const contactType = Form.useWatch<AgentContactType[] | undefined>('contact_type', form)?.[0] ?? 'wechat';

  const submit = (values: FormValues) => {
    setFormError(null);
    const parsed = applyAgentBody.safeParse({
      ...values,
      contact_type: values.contact_type?.[0],
      channel: values.channel?.[0],
      expected_members: values.expected_members?.trim() || undefined,
    });
    if (!parsed.success) {
      const seen = new Set<string>();
      form.setFields(
        parsed.error.issues.flatMap((issue) => {
          const name = String(issue.path[0] ?? '');
          if (!name || seen.has(name)) return [];
          seen.add(name);
          return [{ name, errors: [issue.message] }];
        }),
      );
      return;
    }
    apply.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('申请已提交，请等待审核');
        form.resetFields();
      },
      onError: (err) => setFormError(applyServerErrors(form, err, FIELDS)),
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      mode="card"
      className="iv-apply-form"
      initialValues={{ contact_type: ['wechat'], channel: ['social'] }}
      onFinish={submit}
      // A field's error (from the shared rules or the server) goes once it is edited.
      onValuesChange={(changed: Partial<FormValues>) =>
        form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))
      }
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
      <Form.Item name="real_name" label="真实姓名">
        <Input name="real_name" placeholder="请输入真实姓名" maxLength={20} clearable />
      </Form.Item>
      <Form.Item name="contact_type" label="联系方式">
        <Selector options={CONTACT_OPTIONS} columns={4} />
      </Form.Item>
      <Form.Item name="contact" label="联系账号">
        <Input name="contact" placeholder={PLACEHOLDERS[contactType]} maxLength={40} clearable />
      </Form.Item>
      <Form.Item name="channel" label="推广渠道">
        <Selector options={CHANNEL_OPTIONS} columns={3} />
      </Form.Item>
      <Form.Item name="expected_members" label="预计发展会员数">
        <Input name="expected_members" type="number" inputMode="numeric" placeholder="例如 50" />
      </Form.Item>
      <Form.Item name="experience" label="推广经验">
        <TextArea
          name="experience"
          placeholder="请介绍您的推广经验与资源（至少10个字）"
          maxLength={500}
          rows={4}
          showCount
        />
      </Form.Item>
    </Form>
  );
}
