import { List } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { copyText } from '@/lib/clipboard.ts';
import { toast } from '@/lib/toast.tsx';
import { formatDateTime } from '@/ui/format.ts';
import { Page } from '@/ui/Page.tsx';
import { UserAvatar } from '@/ui/UserAvatar.tsx';
import { useMeQuery } from '../../session/queries.ts';
import { useSessionStore } from '../../session/store.ts';
import { useAppInfo } from '../../site/queries.ts';
import { EditFieldSheet, PROFILE_FIELDS, type ProfileField } from '../components/EditFieldSheet.tsx';
import { LoginPasswordSheet, PaymentPasswordSheet } from '../components/PasswordSheets.tsx';
import '../mine.css';

type Sheet = { kind: 'field'; field: ProfileField } | { kind: 'password' } | { kind: 'payment' } | null;

/** minePages/set: profile, login password and payment password. */
export default function AccountCenterPage() {
  useMeQuery();
  const user = useSessionStore((s) => s.userinfo);
  const [sheet, setSheet] = useState<Sheet>(null);
  const close = () => setSheet(null);
  const navigate = useNavigate();
  const smsOpen = useAppInfo().sms_open === 1;

  if (!user) {
    return (
      <Page title="账户中心">
        <div className="page-loading">正在加载账户信息…</div>
      </Page>
    );
  }

  const editable = (field: ProfileField, value: string, empty: string) => (
    <List.Item
      key={field}
      extra={value || <span className="muted">{empty}</span>}
      onClick={() => setSheet({ kind: 'field', field })}
    >
      {PROFILE_FIELDS[field].label}
    </List.Item>
  );

  const copyInvite = async () => {
    if (await copyText(user.invite_code)) toast.success('邀请码已复制');
  };

  return (
    <Page title="账户中心">
      <List header="基本资料" mode="card" className="account-info">
        <List.Item extra={<UserAvatar src={user.avatar} name={user.nickname || user.username} size={36} />}>
          头像
        </List.Item>
        <List.Item extra={user.username}>用户名</List.Item>
        {editable('nickname', user.nickname, '未设置')}
        {smsOpen ? (
          <List.Item
            extra={
              user.mobile ? (
                <>
                  {user.mobile}
                  {user.mobile_verified ? null : <span className="muted">（未验证）</span>}
                </>
              ) : (
                <span className="muted">未绑定</span>
              )
            }
            onClick={() => void navigate('/minePages/phone')}
          >
            手机号
          </List.Item>
        ) : (
          editable('mobile', user.mobile, '未绑定')
        )}
        {editable('email', user.email, '未绑定')}
        {user.real_name ? (
          <List.Item extra={user.real_name} description="已实名，如需修改请联系客服">
            真实姓名
          </List.Item>
        ) : (
          editable('real_name', '', '未设置')
        )}
      </List>

      <List header="安全设置" mode="card">
        <List.Item extra="修改" onClick={() => setSheet({ kind: 'password' })}>
          登录密码
        </List.Item>
        <List.Item
          extra={user.has_payment_password ? '已设置' : <span className="gold-text">未设置</span>}
          onClick={() => setSheet({ kind: 'payment' })}
        >
          支付密码
        </List.Item>
        {smsOpen && user.has_payment_password ? (
          <List.Item onClick={() => void navigate('/minePages/payment-reset')}>忘记支付密码</List.Item>
        ) : null}
        <List.Item onClick={() => void navigate('/minePages/devices')}>登录设备</List.Item>
      </List>

      <List header="账户信息" mode="card" className="account-info">
        <List.Item extra={user.id}>会员ID</List.Item>
        <List.Item extra={<span className="mono">{user.invite_code}</span>} onClick={() => void copyInvite()}>
          我的邀请码
        </List.Item>
        <List.Item extra={formatDateTime(user.created_at)}>注册时间</List.Item>
        <List.Item extra={formatDateTime(user.last_login_at)}>最近登录</List.Item>
      </List>

      <EditFieldSheet
        field={sheet?.kind === 'field' ? sheet.field : null}
        initial={sheet?.kind === 'field' && sheet.field === 'nickname' ? user.nickname : ''}
        onClose={close}
      />
      <LoginPasswordSheet visible={sheet?.kind === 'password'} onClose={close} />
      <PaymentPasswordSheet
        visible={sheet?.kind === 'payment'}
        onClose={close}
        hasPassword={user.has_payment_password}
      />
    </Page>
  );
}
