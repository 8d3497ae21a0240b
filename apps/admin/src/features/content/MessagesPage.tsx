import {
  PageContainer,
  ProCard,
  ProForm,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  ProFormDependency,
} from '@ant-design/pro-components';
import { broadcastBody } from '@app/shared/backoffice';
import type { BackofficeBody } from '@app/shared/backoffice-api';
import { App } from 'antd';
import { post, validate } from '@/lib/api.ts';
import { count } from '@/lib/format.ts';
import { tagOptions, useMemberTags } from '@/features/members/tags.ts';

type Form = BackofficeBody<'POST', '/admin/v1/messages'>;

/** Messages to one member, a segment (VIP level and up, an agent's members, a tag) or everyone. */
export default function MessagesPage() {
  const { message, modal } = App.useApp();
  const tags = useMemberTags();
  return (
    <PageContainer title="站内信" subTitle="发送前显示接收人数；同一条消息不会重复发送">
      <ProCard bordered>
        <ProForm<Form>
          layout="vertical"
          style={{ maxWidth: 640 }}
          initialValues={{ audience: 'member' }}
          submitter={{ searchConfig: { submitText: '发送' }, resetButtonProps: false }}
          onFinish={async (v) => {
            const body = { ...v, ...(v.vip_level !== undefined ? { vip_level: Number(v.vip_level) } : {}) };
            try {
              validate(broadcastBody, body);
              const { recipients } = await post('/admin/v1/messages/preview', body);
              const ok = await modal.confirm({
                title: '确认发送',
                content: `将发送给 ${count(recipients)} 位会员：「${v.title}」`,
              });
              if (!ok) return false;
              const sent = await post('/admin/v1/messages', body);
              void message.success(`已发送给 ${count(sent.recipients)} 位会员`);
              return true;
            } catch (e) {
              void message.error((e as Error).message);
              return false;
            }
          }}
        >
          <ProFormRadio.Group
            name="audience"
            label="发送对象"
            options={[
              { label: '单个会员', value: 'member' },
              { label: 'VIP等级及以上', value: 'vip' },
              { label: '代理下级', value: 'agent' },
              { label: '会员标签', value: 'tag' },
              { label: '全部会员', value: 'all' },
            ]}
          />
          <ProFormDependency name={['audience']}>
            {({ audience }) =>
              audience === 'member' ? (
                <ProFormText name="member" label="会员账号或ID" rules={[{ required: true }]} />
              ) : audience === 'vip' ? (
                <ProFormDigit
                  name="vip_level"
                  label="VIP等级"
                  min={0}
                  max={20}
                  fieldProps={{ precision: 0 }}
                  rules={[{ required: true }]}
                />
              ) : audience === 'agent' ? (
                <ProFormText name="agent" label="代理账号或ID" rules={[{ required: true }]} />
              ) : audience === 'tag' ? (
                <ProFormSelect
                  name="tag"
                  label="标签"
                  options={tagOptions(tags.data)}
                  rules={[{ required: true, message: '请选择标签' }]}
                />
              ) : null
            }
          </ProFormDependency>
          <ProFormText name="title" label="标题" rules={[{ required: true }]} />
          <ProFormTextArea
            name="content"
            label="内容"
            rules={[{ required: true }]}
            fieldProps={{ rows: 5 }}
          />
        </ProForm>
      </ProCard>
    </PageContainer>
  );
}
