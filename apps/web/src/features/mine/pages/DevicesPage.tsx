import { Button, Dialog, DotLoading, ErrorBlock, List, Tag } from 'antd-mobile';
import { toast } from '@/lib/toast.tsx';
import { formatDateTime } from '@/ui/format.ts';
import { Page } from '@/ui/Page.tsx';
import { useRevokeSessionMutation, useSessionsQuery, type DeviceSession } from '../queries.ts';
import '../mine.css';

/** minePages/devices: where the account is signed in; sign out one other device, or all of them. */
export default function DevicesPage() {
  const sessions = useSessionsQuery();
  const revoke = useRevokeSessionMutation();
  const others = (sessions.data ?? []).filter((s) => !s.current);

  const signOut = async (session: DeviceSession | null) => {
    const ok = await Dialog.confirm({
      content: session
        ? `确定退出「${session.device}」上的登录吗？`
        : `确定退出其他${others.length}台设备上的登录吗？`,
    });
    if (!ok) return;
    const result = await revoke.mutateAsync(session?.id ?? null);
    toast.success(session ? '该设备已退出登录' : `已退出${result.revoked_sessions}台设备`);
  };

  return (
    <Page
      title="登录设备"
      footer={
        others.length > 0 ? (
          <Button
            block
            color="danger"
            fill="outline"
            onClick={() => void signOut(null)}
            data-testid="revoke-others"
          >
            退出其他所有设备
          </Button>
        ) : null
      }
    >
      <p className="page-note">如发现不认识的设备，请立即退出该设备并修改登录密码。</p>
      {sessions.isPending ? (
        <div className="page-loading">
          <DotLoading />
        </div>
      ) : sessions.isError ? (
        <ErrorBlock status="default" title="加载失败" description="请稍后下拉重试" />
      ) : (
        <List mode="card" className="device-list">
          {sessions.data.map((s) => (
            <List.Item
              key={s.id}
              data-testid="device"
              description={
                <>
                  <div>IP {s.ip || '未知'}</div>
                  <div>
                    登录于 {formatDateTime(s.created_at)} · 最近活动 {formatDateTime(s.last_seen_at)}
                  </div>
                </>
              }
              extra={
                s.current ? (
                  <Tag color="success" fill="outline">
                    本机
                  </Tag>
                ) : (
                  <Button size="mini" color="danger" fill="outline" onClick={() => void signOut(s)}>
                    退出
                  </Button>
                )
              }
            >
              {s.device}
            </List.Item>
          ))}
        </List>
      )}
    </Page>
  );
}
