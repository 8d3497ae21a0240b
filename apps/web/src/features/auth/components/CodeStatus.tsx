import { DotLoading } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useDebounced } from '@/ui/hooks.ts';
import { CODE_PATTERN, useAgentCodeQuery, useInviteCodeQuery } from '../queries.ts';

interface StatusProps {
  loading: boolean;
  valid: boolean | undefined;
  owner: string | null | undefined;
  label: string;
  ownerLabel: string;
}

function Status({ loading, valid, owner, label, ownerLabel }: StatusProps) {
  if (loading) {
    return (
      <span className="code-status" data-state="checking">
        <DotLoading /> 正在校验{label}
      </span>
    );
  }
  if (valid === undefined) return null;
  return valid ? (
    <span className="code-status ok" data-state="valid">
      <CheckCircleFill /> {label}有效{owner ? `，${ownerLabel}：${owner}` : ''}
    </span>
  ) : (
    <span className="code-status bad" data-state="invalid">
      <CloseCircleFill /> {label}无效，请核对后重新输入
    </span>
  );
}

/** Live check of an invite code as it is typed (POST /v1/invite/validate, debounced). */
export function InviteCodeStatus({ code }: { code: string }) {
  const settled = useDebounced(code.trim());
  const query = useInviteCodeQuery(settled);
  if (!CODE_PATTERN.test(settled)) return null;
  return (
    <Status
      loading={query.isFetching}
      valid={query.data?.valid}
      owner={query.data?.inviter}
      label="邀请码"
      ownerLabel="邀请人"
    />
  );
}

/** Live check of an agent code (POST /v1/agent/validate, debounced). */
export function AgentCodeStatus({ code }: { code: string }) {
  const settled = useDebounced(code.trim());
  const query = useAgentCodeQuery(settled);
  if (!CODE_PATTERN.test(settled)) return null;
  return (
    <Status
      loading={query.isFetching}
      valid={query.data?.valid}
      owner={query.data?.inviter}
      label="代理码"
      ownerLabel="所属代理"
    />
  );
}
