import {
  auditActionLabel,
  describeAuditTarget,
  describeReference,
  type DescribedReference,
  type Permission,
  type ReferenceTarget,
} from '@app/shared/backoffice';
import { Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useAuth } from '@/app/auth.tsx';

/**
 * Where a reference opens in the console, and the permission that page needs; `null` when there
 * is no page for it (or it needs the member it belongs to and none is known).
 */
export function targetRoute(
  target: ReferenceTarget,
  memberId?: number,
): { path: string; permission: Permission } | null {
  switch (target.page) {
    case 'withdrawal':
      return { path: `/finance/withdrawals?id=${target.id}`, permission: 'finance.orders' };
    case 'deposit':
      return { path: `/finance/deposits?id=${target.id}`, permission: 'finance.orders' };
    case 'adjustments':
      return {
        path: memberId ? `/adjustments?member_id=${memberId}` : '/adjustments',
        permission: 'members.adjust',
      };
    case 'member':
      return {
        path: `/members/${target.id}${target.tab ? `?tab=${target.tab}` : ''}`,
        permission: 'members.read',
      };
    case 'member_records':
      return memberId ? { path: `/members/${memberId}?tab=${target.tab}`, permission: 'members.read' } : null;
    case 'lottery_period':
      return {
        path: `/lottery/periods?code=${encodeURIComponent(target.code)}&number=${encodeURIComponent(target.number)}`,
        permission: 'lottery',
      };
    case 'activity_applications':
      return { path: '/content/activities?tab=applications', permission: 'activities' };
    case 'match':
      return { path: `/sports/matches?match=${target.id}`, permission: 'sports' };
    case 'approval':
      return { path: '/approvals', permission: 'approvals' };
    case 'operator':
      return { path: '/operators', permission: 'operators' };
  }
}

/** A described reference: its words, a link to its page when the operator may open it. */
function Described({
  described,
  memberId,
}: {
  described: DescribedReference;
  memberId?: number | undefined;
}) {
  const { can } = useAuth();
  const route = described.target ? targetRoute(described.target, memberId) : null;
  if (route && can(route.permission))
    return (
      <Link to={route.path} data-testid="reference-link">
        {described.text}
      </Link>
    );
  return <span>{described.text}</span>;
}

/** A ledger entry's reference (`withdrawal:1`) as 提现单 #1, linked to its page. */
export function ReferenceLink({ reference, memberId }: { reference: string | null; memberId?: number }) {
  const described = describeReference(reference);
  if (!described) return <>-</>;
  return <Described described={described} memberId={memberId} />;
}

/** An audit entry's object (`withdrawal`, `5`) as 提现单 #5, linked to its page. */
export function AuditTarget({ type, id }: { type: string; id: string }) {
  return <Described described={describeAuditTarget(type, id)} />;
}

/** An audit action in words; one the console has no word for shows its code, muted. */
export function AuditAction({ action }: { action: string }) {
  const label = auditActionLabel(action);
  return label ? (
    <Tag data-testid="audit-action">{label}</Tag>
  ) : (
    <Typography.Text type="secondary" italic data-testid="audit-action">
      {action}
    </Typography.Text>
  );
}
