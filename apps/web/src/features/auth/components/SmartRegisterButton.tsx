import { TERMS_CONSENT_MESSAGE, TERMS_VERSION } from '@app/shared';
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { copyText } from '@/lib/clipboard.ts';
import { MINE_PATH, relaunch } from '@/lib/navigation.ts';
import { toast } from '@/lib/toast.tsx';
import { useAppInfo } from '../../site/queries.ts';
import { useSmartRegisterMutation, type SmartRegisterResult } from '../queries.ts';
import { TermsConsent } from './TermsConsent.tsx';
import './smart-register.css';

function CredentialsCard({ result }: { result: SmartRegisterResult }) {
  const copy = async () => {
    const ok = await copyText(`账号：${result.username}\n密码：${result.password}`);
    if (ok) toast.success('账号和密码已复制');
    else toast.warning('复制失败，请手动记录');
  };
  return (
    <div className="credentials">
      <p className="credentials-tip">账号已创建并自动登录。密码仅显示这一次，请立即复制或截图保存。</p>
      <dl className="credentials-list">
        <div>
          <dt>账号</dt>
          <dd className="mono" data-testid="smart-username">
            {result.username}
          </dd>
        </div>
        <div>
          <dt>密码</dt>
          <dd className="mono" data-testid="smart-password">
            {result.password}
          </dd>
        </div>
      </dl>
      <Button block className="gold" size="middle" onClick={() => void copy()}>
        复制账号和密码
      </Button>
    </div>
  );
}

interface SmartRegisterButtonProps {
  inviteCode?: string;
  agentCode?: string;
  fill?: 'solid' | 'outline' | 'none';
  className?: string;
}

/** 一键注册 makes an account without a number: not offered while registration asks for one (sms_open). */
export function useSmartRegisterOffered(): boolean {
  return useAppInfo().sms_open !== 1;
}

/**
 * 一键注册: the member first ticks the same consent as on the register page (in a dialog); the
 * server makes up the account; its credentials are shown once, then the member lands on "mine".
 */
export function SmartRegisterButton({
  inviteCode,
  agentCode,
  fill = 'outline',
  className,
}: SmartRegisterButtonProps) {
  const smart = useSmartRegisterMutation();
  const [asking, setAsking] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [refused, setRefused] = useState(false);
  const offered = useSmartRegisterOffered();

  const ask = () => {
    setAccepted(false);
    setRefused(false);
    setAsking(true);
  };

  const start = () => {
    if (!accepted) {
      setRefused(true);
      return;
    }
    setAsking(false);
    const body = {
      ...(inviteCode ? { invite_code: inviteCode } : {}),
      ...(agentCode ? { agent_code: agentCode } : {}),
      accept_terms: accepted,
      terms_version: TERMS_VERSION,
    } as const;
    // mutateAsync: the dialog must appear even if this button unmounts once the session starts.
    smart
      .mutateAsync(body)
      .then((result) => {
        Dialog.show({
          title: '一键注册成功',
          content: <CredentialsCard result={result} />,
          closeOnMaskClick: false,
          closeOnAction: true,
          actions: [{ key: 'done', text: '我已保存，进入个人中心', bold: true }],
          onClose: () => relaunch(MINE_PATH),
        });
      })
      .catch(() => undefined);
  };
  if (!offered) return null;
  return (
    <>
      <Button block fill={fill} className={className ?? 'gold'} loading={smart.isPending} onClick={ask}>
        一键注册
      </Button>
      <Dialog
        visible={asking}
        title="一键注册"
        content={
          <div className="smart-consent" data-testid="smart-consent">
            <p className="smart-consent-tip">系统将为您自动生成账号和密码，注册后请立即保存。</p>
            <TermsConsent
              checked={accepted}
              onChange={(checked) => {
                setAccepted(checked);
                if (checked) setRefused(false);
              }}
              error={refused ? TERMS_CONSENT_MESSAGE : undefined}
            />
          </div>
        }
        closeOnMaskClick
        onClose={() => setAsking(false)}
        actions={[
          [
            { key: 'cancel', text: '取消', onClick: () => setAsking(false) },
            { key: 'register', text: '确认注册', bold: true, onClick: start },
          ],
        ]}
      />
    </>
  );
}
