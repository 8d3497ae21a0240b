import type { ControlChangeKindKey } from '@app/shared/backoffice';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { usePending } from '@/app/pending.ts';
import { get } from '@/lib/api.ts';

/**
 * What of this kind waits in 复核中心, above the screen where it was proposed: the values shown
 * there are still those in force. Refetched whenever the live count of waiting changes moves.
 */
export function PendingChangesBanner({ kind }: { kind: ControlChangeKindKey }) {
  const waiting = usePending()?.approvals;
  const { data } = useQuery({
    queryKey: ['control-changes', kind, 'pending', waiting],
    queryFn: () => get('/admin/v1/control-changes', { status: 'pending', kind, per_page: 5 }),
  });
  if (!data?.list.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="pending-changes-banner"
      message="以下变更待另一位管理员复核，通过前页面显示的仍是当前生效的值"
      description={data.list.map((c) => (
        <div key={c.id}>
          <Link to="/approvals?status=pending" state={{ open: c.id }}>
            #{c.id}
          </Link>{' '}
          {c.summary}（{c.maker_name} 发起）
        </div>
      ))}
    />
  );
}
