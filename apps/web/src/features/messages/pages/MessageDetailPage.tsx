import { Button, Dialog, ErrorBlock, DotLoading } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { formatDateTime } from '@/ui/format.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { useDeleteMessage, useMarkRead, useMessageQuery } from '../queries.ts';
import '../messages.css';

/** minePages/message-detail?id=: the whole message; opening it marks it read; its link, if any. */
export default function MessageDetailPage() {
  const id = Number(useUrlParam('id')) || 0;
  const navigate = useNavigate();
  const message = useMessageQuery(id);
  const markRead = useMarkRead();
  const remove = useDeleteMessage();
  const marked = useRef(false);

  const data = message.data;
  useEffect(() => {
    if (data && !data.is_read && !marked.current) {
      marked.current = true;
      markRead.mutate(data.id);
    }
  }, [data, markRead]);

  const deleteIt = async () => {
    if (!data) return;
    if (!(await Dialog.confirm({ content: '确定删除这条消息吗？', confirmText: '删除' }))) return;
    await remove.mutateAsync(data.id);
    toast.success('删除成功');
    void navigate(-1);
  };

  return (
    <Page
      title="消息详情"
      right={
        data ? (
          <button type="button" className="nav-text-button" onClick={() => void deleteIt()}>
            删除
          </button>
        ) : null
      }
    >
      {message.isPending && id > 0 ? (
        <div className="list-state">
          <DotLoading color="primary" />
        </div>
      ) : !data ? (
        <ErrorBlock status="empty" title="消息不存在" description="这条消息可能已被删除" />
      ) : (
        <article className="message-detail" data-testid="message-detail">
          <span className={`message-type type-${data.type}`}>{data.type_name}</span>
          <h2>{data.title}</h2>
          <time>{formatDateTime(data.created_at, true)}</time>
          <div className="message-body">
            {data.content.split('\n').map((line, i) => (
              <p key={i}>{line}</p>
            ))}
          </div>
          {data.link ? (
            <Button block color="primary" shape="rounded" onClick={() => void navigate(data.link!)}>
              查看详情
            </Button>
          ) : null}
        </article>
      )}
    </Page>
  );
}
