import {
  PageContainer,
  ProCard,
  ProForm,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  ProFormRadio,
} from '@ant-design/pro-components';
import { appSettingsBody } from '@app/shared/backoffice';
import type { BackofficeResponse } from '@app/shared/backoffice-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Spin } from 'antd';
import { get, put, validate } from '@/lib/api.ts';

type Settings = BackofficeResponse<'GET', '/admin/v1/settings/app'>;

/** App config keys (SPEC §3) and app info; saved changes reach the member app at once. */
export default function AppConfigPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: ['app-settings'], queryFn: () => get('/admin/v1/settings/app') });
  if (!data) return <Spin />;
  return (
    <PageContainer title="应用配置" subTitle="保存后会员端立即生效">
      <ProForm<Settings & { reason?: string }>
        initialValues={data}
        layout="vertical"
        submitter={{ searchConfig: { submitText: '保存' }, resetButtonProps: { children: '还原' } }}
        onFinish={async (v) => {
          const { version: _v, version_code: _c, ...info } = v.info;
          const body = {
            config: v.config,
            info: {
              ...info,
              site_state: Number(info.site_state) as 0 | 1,
              sms_open: Number(info.sms_open) as 0 | 1,
            },
            reason: v.reason ?? '',
          };
          try {
            validate(appSettingsBody, body);
            const saved = await put('/admin/v1/settings/app', body);
            queryClient.setQueryData(['app-settings'], saved);
            void message.success('已保存，立即生效');
            return true;
          } catch (e) {
            void message.error((e as Error).message);
            return false;
          }
        }}
      >
        <ProCard title="应用配置（app config）" bordered style={{ marginBottom: 16 }} split="vertical">
          <ProCard>
            <ProFormSwitch name={['config', 'nav_sports_enabled']} label="体育导航 nav_sports_enabled" />
            <ProFormSwitch
              name={['config', 'nav_live_ball_enabled']}
              label="滚球导航 nav_live_ball_enabled"
            />
            <ProFormSwitch
              name={['config', 'nav_real_time_enabled']}
              label="彩票导航 nav_real_time_enabled"
            />
            <ProFormSwitch name={['config', 'nav_expert_enabled']} label="专家导航 nav_expert_enabled" />
          </ProCard>
          <ProCard>
            <ProFormSwitch name={['config', 'notice_enabled']} label="公告 notice_enabled" />
            <ProFormSwitch name={['config', 'banner_enabled']} label="轮播图 banner_enabled" />
            <ProFormSwitch name={['config', 'maintenance_mode']} label="维护模式 maintenance_mode" />
            <ProFormText name={['config', 'theme_color']} label="主题色 theme_color" width="sm" />
            <ProFormText name={['config', 'app_version']} label="应用版本 app_version" width="sm" />
          </ProCard>
        </ProCard>
        <ProCard title="应用信息（app info）" bordered style={{ marginBottom: 16 }} split="vertical">
          <ProCard>
            <ProFormRadio.Group
              name={['info', 'site_state']}
              label="站点状态 site_state"
              options={[
                { label: '开放', value: 1 },
                { label: '维护中', value: 0 },
              ]}
            />
            <ProFormTextArea name={['info', 'repair_tips']} label="维护提示 repair_tips" />
            <ProFormTextArea name={['info', 'index_modal']} label="首页弹窗 index_modal" />
            <ProFormText name={['info', 'kf_url']} label="客服地址 kf_url" />
            <ProFormRadio.Group
              name={['info', 'sms_open']}
              label="短信验证 sms_open"
              tooltip="开启后：注册须验证手机号，会员可用短信验证码找回密码、更换手机号、重置支付密码"
              options={[
                { label: '开启', value: 1 },
                { label: '关闭', value: 0 },
              ]}
            />
          </ProCard>
          <ProCard>
            <ProFormText name={['info', 'title']} label="站点标题 title" />
            <ProFormText name={['info', 'site_logo']} label="站点 Logo site_logo" />
            <ProFormText name={['info', 'ios_download_url']} label="iOS 下载地址 ios_download_url" />
            <ProFormText
              name={['info', 'android_download_url']}
              label="Android 下载地址 android_download_url"
            />
          </ProCard>
        </ProCard>
        <ProFormText name="reason" label="修改原因（写入审计日志）" width="xl" />
      </ProForm>
    </PageContainer>
  );
}
