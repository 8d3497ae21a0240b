import { PageContainer, ProCard, ProForm, ProFormText } from '@ant-design/pro-components';
import { changeOwnPasswordBody } from '@app/shared/backoffice';
import type { BackofficeResponse } from '@app/shared/backoffice-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Input, Space, Tag, Typography } from 'antd';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { get, post, validate } from '@/lib/api.ts';

type Setup = BackofficeResponse<'POST', '/admin/v1/auth/totp/setup'>;

/** Two-factor enrolment (QR code + first code) and changing one's own password. */
export default function SecurityPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const status = useQuery({
    queryKey: ['security'],
    queryFn: () => get('/admin/v1/auth/security'),
  });
  const [setup, setSetup] = useState<(Setup & { qr: string }) | null>(null);
  const [code, setCode] = useState('');

  const start = useMutation({
    mutationFn: async () => {
      const s = await post('/admin/v1/auth/totp/setup');
      return { ...s, qr: await QRCode.toDataURL(s.uri, { width: 200, margin: 1 }) };
    },
    onSuccess: setSetup,
    onError: (e) => void message.error(e.message),
  });
  const enable = useMutation({
    mutationFn: () => post('/admin/v1/auth/totp/enable', { code }),
    onSuccess: (s) => {
      queryClient.setQueryData(['security'], s);
      setSetup(null);
      setCode('');
      void message.success('两步验证已开启');
    },
    onError: (e) => void message.error(e.message),
  });
  const disable = useMutation({
    mutationFn: () => post('/admin/v1/auth/totp/disable', { code }),
    onSuccess: (s) => {
      queryClient.setQueryData(['security'], s);
      setCode('');
      void message.success('两步验证已关闭');
    },
    onError: (e) => void message.error(e.message),
  });

  const s = status.data;
  return (
    <PageContainer title="账号安全">
      {(params.get('enrol') || s?.enrolment_required) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="当前角色必须开启两步验证后才能使用后台"
          description="请用 Google Authenticator、Microsoft Authenticator 或其他验证器扫描二维码，输入 6 位动态验证码完成绑定。"
        />
      )}
      <ProCard split="vertical" bordered>
        <ProCard title="两步验证（动态验证码）" colSpan="50%">
          {s && (
            <Descriptions column={1} size="small">
              <Descriptions.Item label="状态">
                {s.totp_enabled ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>}
                {s.totp_required && <Tag color="orange">本角色必须开启</Tag>}
              </Descriptions.Item>
            </Descriptions>
          )}
          {s && !s.totp_enabled && !setup && (
            <Button type="primary" onClick={() => start.mutate()} loading={start.isPending}>
              绑定验证器
            </Button>
          )}
          {setup && (
            <Space direction="vertical" size={12} data-testid="totp-setup">
              <img src={setup.qr} alt="两步验证二维码" width={200} height={200} />
              <Typography.Text>
                无法扫码时手动输入密钥：
                <Typography.Text code copyable data-testid="totp-secret">
                  {setup.secret}
                </Typography.Text>
              </Typography.Text>
              <Space>
                <Input
                  placeholder="6位动态验证码"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.target.value.trim())}
                  style={{ width: 160 }}
                  aria-label="动态验证码"
                />
                <Button
                  type="primary"
                  onClick={() => enable.mutate()}
                  loading={enable.isPending}
                  disabled={!/^\d{6}$/.test(code)}
                >
                  确认绑定
                </Button>
              </Space>
            </Space>
          )}
          {s?.totp_enabled && !s.totp_required && (
            <Space>
              <Input
                placeholder="当前动态验证码"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.trim())}
                style={{ width: 160 }}
              />
              <Button
                danger
                onClick={() => disable.mutate()}
                disabled={!/^\d{6}$/.test(code)}
                loading={disable.isPending}
              >
                关闭两步验证
              </Button>
            </Space>
          )}
        </ProCard>
        <ProCard title="修改密码">
          <ProForm<{ old_password: string; new_password: string; confirm: string }>
            layout="vertical"
            style={{ maxWidth: 360 }}
            submitter={{ searchConfig: { submitText: '修改密码' }, resetButtonProps: false }}
            onFinish={async (values) => {
              if (values.new_password !== values.confirm) {
                void message.error('两次输入的新密码不一致');
                return false;
              }
              try {
                const body = validate(changeOwnPasswordBody, {
                  old_password: values.old_password,
                  new_password: values.new_password,
                });
                await post('/admin/v1/auth/password', body);
                void message.success('密码已修改，其他设备上的登录已退出');
                return true;
              } catch (e) {
                void message.error(e instanceof Error ? e.message : '修改失败');
                return false;
              }
            }}
          >
            <ProFormText.Password
              name="old_password"
              label="原密码"
              rules={[{ required: true, message: '请输入原密码' }]}
            />
            <ProFormText.Password
              name="new_password"
              label="新密码"
              extra="至少10位，包含字母和数字"
              rules={[{ required: true, message: '请输入新密码' }]}
            />
            <ProFormText.Password
              name="confirm"
              label="确认新密码"
              rules={[{ required: true, message: '请再次输入新密码' }]}
            />
          </ProForm>
        </ProCard>
      </ProCard>
    </PageContainer>
  );
}
