import { MESSAGE_TYPES, unreadBadge, type MessageItem } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ActionSheet, Badge, Dialog, InfiniteScroll, PullToRefresh, SwipeAction, Tabs } from 'antd-mobile';
import { MoreOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { formatDateTime } from '@/ui/format.ts';
import { Page } from '@/ui/Page.tsx';
import { ListState } from '../../sports/components/ListStates.tsx';
import {
  useClearMessages,
  useDeleteMessage,
  useMarkAllRead,
  useMessagesQuery,
  useMessageTypesQuery,
} from '../queries.ts';
import { messageKeys, useUnreadCountQuery, type MessageTab } from '../unread.ts';
import '../../sports/sports.css';
import '../messages.css';
import { ListEnd } from '@/ui/ListEnd.tsx';

const TABS: Array<{ key: MessageTab; title: string }> = [
  { key: 'all', title: '全部' },
  ...(Object.entries(MESSAGE_TYPES) as Array<[MessageTab, string]>).map(([key, title]) => ({ key, title })),
];

function MessageRow({
  message,
  onOpen,
  onDelete,
}: {
  message: MessageItem;
  onOpen: () => void;
  onDelete: () => void;
}) {
  return (
    <SwipeAction
      rightActions={[{ key: 'delete', text: '删除', color: 'danger', onClick: onDelete }]}
      className="message-swipe"
    >
      <button
        type="button"
        className={message.is_read ? 'message-row' : 'message-row unread'}
        onClick={onOpen}
        data-testid="message-row"
      >
        <span className={`message-type type-${message.type}`}>{message.type_name}</span>
        <span className="message-main">
          <span className="message-title">
            {message.is_read ? null : <i className="message-dot" aria-label="未读" />}
            {message.title}
          </span>
          <span className="message-text">{message.content}</span>
        </span>
        <span className="message-time">{formatDateTime(message.created_at)}</span>
      </button>
    </SwipeAction>
  );
}

/** minePages/messages (站内信): tabs by type, pull to refresh, pages, mark all read, delete, clear. */
export default function MessagesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<MessageTab>('all');
  const [menuOpen, setMenuOpen] = useState(false);
  const messages = useMessagesQuery(tab);
  const types = useMessageTypesQuery();
  const unread = useUnreadCountQuery();
  const markAll = useMarkAllRead();
  const remove = useDeleteMessage();
  const clear = useClearMessages();
  const list = messages.data?.pages.flatMap((p) => p.list) ?? [];
  const unreadOf = (key: MessageTab) =>
    key === 'all' ? (unread.data ?? 0) : (types.data?.list.find((x) => x.type === key)?.unread ?? 0);

  const deleteOne = async (message: MessageItem) => {
    await remove.mutateAsync(message.id);
    toast.success('删除成功');
  };
  const clearAll = async () => {
    if (!(await Dialog.confirm({ content: '确定清空全部消息吗？清空后无法恢复。', confirmText: '清空' })))
      return;
    await clear.mutateAsync(undefined);
    toast.success('消息已清空');
  };
  const readAll = async () => {
    const result = await markAll.mutateAsync(tab === 'all' ? undefined : tab);
    toast.success(result.affected > 0 ? `已将${result.affected}条消息标为已读` : '没有未读消息');
  };

  return (
    <Page
      title="站内信"
      right={
        <button
          type="button"
          className="nav-icon-button"
          aria-label="更多操作"
          onClick={() => setMenuOpen(true)}
        >
          <MoreOutline fontSize={22} />
        </button>
      }
    >
      <Tabs
        className="hub-tabs sticky message-tabs"
        activeKey={tab}
        onChange={(key) => setTab(key as MessageTab)}
      >
        {TABS.map((t) => {
          const badge = unreadBadge(unreadOf(t.key));
          return (
            <Tabs.Tab
              key={t.key}
              title={
                <Badge content={badge} className="message-tab-badge">
                  <span>{t.title}</span>
                </Badge>
              }
            />
          );
        })}
      </Tabs>
      <div className="message-toolbar">
        <span data-testid="unread-summary">{unread.data ? `${unread.data} 条未读` : '暂无未读消息'}</span>
        <button
          type="button"
          className="message-readall"
          onClick={() => void readAll()}
          data-testid="mark-all-read"
        >
          全部已读
        </button>
      </div>
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: messageKeys.all, type: 'active' })}
      >
        <div className="message-list">
          <ListState
            loading={messages.isPending}
            error={messages.isError}
            empty={list.length === 0}
            emptyTitle="暂无消息"
            emptyText="中奖、资金变动与活动通知都会出现在这里"
            onRetry={() => void messages.refetch()}
          >
            <div data-testid="message-list">
              {list.map((m) => (
                <MessageRow
                  key={m.id}
                  message={m}
                  onOpen={() => void navigate(`/minePages/message-detail?id=${m.id}`)}
                  onDelete={() => void deleteOne(m)}
                />
              ))}
            </div>
            <InfiniteScroll
              loadMore={async () => {
                await messages.fetchNextPage();
              }}
              hasMore={messages.hasNextPage}
            >
              <ListEnd
                more={messages.hasNextPage}
                loading={messages.isFetchingNextPage}
                className="list-end"
                end="没有更多了"
              />
            </InfiniteScroll>
          </ListState>
        </div>
      </PullToRefresh>
      <ActionSheet
        visible={menuOpen}
        onClose={() => setMenuOpen(false)}
        cancelText="取消"
        closeOnAction
        actions={[
          {
            key: 'read',
            text: tab === 'all' ? '全部标为已读' : `「${MESSAGE_TYPES[tab]}」标为已读`,
            onClick: () => void readAll(),
          },
          { key: 'clear', text: '清空全部消息', danger: true, onClick: () => void clearAll() },
        ]}
      />
    </Page>
  );
}
