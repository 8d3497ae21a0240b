import { Button, Dialog, Switch } from 'antd-mobile';
import { downloadText } from '@/lib/clipboard.ts';
import { toast } from '@/lib/toast.tsx';
import { formatDateTime } from '@/ui/format.ts';
import { Section } from '@/ui/Page.tsx';
import {
  exportServerLogs,
  useClearServerLogsMutation,
  usePendingUploadCount,
  useServerLogStatsQuery,
  useUploadLogsMutation,
  useUploadState,
} from '../queries.ts';
import { setAutoUpload } from '../uploader.ts';

/** The member's logs on the server: upload the buffer (manually or every 30 s), stats, export, clear. */
export function ServerLogsCard() {
  const stats = useServerLogStatsQuery();
  const state = useUploadState();
  const pending = usePendingUploadCount();
  const upload = useUploadLogsMutation();
  const clear = useClearServerLogsMutation();

  const doUpload = async () => {
    const result = await upload.mutateAsync();
    toast.success(result.sent === 0 ? '没有新的日志' : `已上传 ${result.sent} 条日志`);
  };
  const doExport = async () => {
    const data = await exportServerLogs();
    downloadText(`server-logs-${data.exported_at.replace(/[:.]/g, '-')}.json`, JSON.stringify(data, null, 2));
    toast.success(`已导出 ${data.count} 条日志`);
  };
  const doClear = async () => {
    if (!(await Dialog.confirm({ content: '确定清空服务器上的全部日志吗？', confirmText: '清空' }))) return;
    const result = await clear.mutateAsync();
    toast.success(`已清空 ${result.deleted} 条`);
  };
  const s = stats.data;

  return (
    <Section title="服务器日志">
      <div className="card server-logs" data-testid="server-logs">
        <div className="server-logs-grid">
          <div>
            <span className="muted">已上传</span>
            <strong data-testid="server-log-total">{s?.total ?? '--'}</strong>
          </div>
          <div>
            <span className="muted">错误</span>
            <strong>{s?.by_level.error ?? '--'}</strong>
          </div>
          <div>
            <span className="muted">待上传</span>
            <strong data-testid="pending-upload">{pending}</strong>
          </div>
        </div>
        <div className="server-logs-row">
          <span className="muted">自动上传（每30秒）</span>
          <Switch checked={state.auto} onChange={setAutoUpload} aria-label="自动上传" />
        </div>
        <div className="server-logs-row muted">
          上次上传：{state.lastUploadAt ? formatDateTime(state.lastUploadAt, true) : '尚未上传'}
          {state.lastError ? <span className="server-logs-error">（{state.lastError}）</span> : null}
        </div>
        <div className="button-row">
          <Button
            size="small"
            color="primary"
            loading={upload.isPending}
            onClick={() => void doUpload().catch(() => undefined)}
          >
            上传日志
          </Button>
          <Button size="small" onClick={() => void doExport().catch(() => undefined)}>
            导出
          </Button>
          <Button
            size="small"
            color="danger"
            fill="outline"
            onClick={() => void doClear().catch(() => undefined)}
          >
            清空
          </Button>
        </div>
      </div>
    </Section>
  );
}
