import { Button, Dialog } from 'antd-mobile';
import { copyText } from '@/lib/clipboard.ts';
import { MINE_PATH, relaunch } from '@/lib/navigation.ts';
import { toast } from '@/lib/toast.tsx';
import { useSmartRegisterMutation, type SmartRegisterResult } from '../queries.ts';
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

/** 一键注册: the server makes up the account; its credentials are shown once, then the member lands on "mine". */
export function SmartRegisterButton({
  inviteCode,
  agentCode,
  fill = 'outline',
  className,
}: SmartRegisterButtonProps) {
  const smart = useSmartRegisterMutation();
  const start = () => {
    const codes = {
      ...(inviteCode ? { invite_code: inviteCode } : {}),
      ...(agentCode ? { agent_code: agentCode } : {}),
    };
    // mutateAsync: the dialog must appear even if this button unmounts once the session starts.
    smart
      .mutateAsync(codes)
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
  return (
    <Button block fill={fill} className={className ?? 'gold'} loading={smart.isPending} onClick={start}>
      一键注册
    </Button>
  );
}
