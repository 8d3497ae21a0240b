import {
  PageContainer,
  ProCard,
  ProForm,
  ProFormCheckbox,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { supportSettings, type SupportSettings } from '@app/shared/backoffice';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Spin } from 'antd';
import { get, put, validate } from '@/lib/api.ts';

const CLOCK = { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: '时间格式应为 HH:MM' };
const DAYS = ['一', '二', '三', '四', '五', '六', '日'].map((d, i) => ({ label: `周${d}`, value: i + 1 }));

/** 在线客服 › 设置: live chat on or off (off: the app's 客服 tab opens kf_url), opening hours, words. */
export function SupportSettingsPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['support', 'settings'],
    queryFn: () => get('/admin/v1/support/settings'),
  });
  if (!settings.data) return <Spin style={{ display: 'block', marginTop: 120 }} />;
  return (
    <PageContainer title="在线客服设置">
      <ProCard>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="关闭在线客服时，App「客服」页打开应用配置中的客服地址（kf_url），可继续使用第三方客服。服务时间以北京时间计，结束时间早于开始时间表示跨午夜，相同表示全天；非服务时间的消息作为留言，客服回复时会员同时收到站内信。"
        />
        <ProForm<SupportSettings>
          initialValues={settings.data}
          onFinish={async (v) => {
            try {
              const body = validate(supportSettings, { ...v, days: v.days ?? [] });
              const saved = await put('/admin/v1/support/settings', body);
              queryClient.setQueryData(['support', 'settings'], saved);
              void message.success('已保存');
            } catch (e) {
              void message.error((e as Error).message);
            }
          }}
          submitter={{ searchConfig: { submitText: '保存' }, resetButtonProps: false }}
        >
          <ProFormSwitch name="enabled" label="开启在线客服" />
          <ProFormCheckbox.Group name="days" label="服务日" options={DAYS} />
          <ProForm.Group>
            <ProFormText name="open_from" label="开始时间" placeholder="09:00" width="sm" rules={[CLOCK]} />
            <ProFormText name="open_to" label="结束时间" placeholder="21:00" width="sm" rules={[CLOCK]} />
          </ProForm.Group>
          <ProFormText name="welcome" label="欢迎语" fieldProps={{ maxLength: 200 }} width="xl" />
          <ProFormTextArea
            name="offline_notice"
            label="非服务时间留言提示"
            fieldProps={{ maxLength: 200 }}
            width="xl"
          />
        </ProForm>
      </ProCard>
    </PageContainer>
  );
}
