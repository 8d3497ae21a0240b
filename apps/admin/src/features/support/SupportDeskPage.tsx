import { ModalForm, PageContainer, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { mergeConversation, SUPPORT_CONVERSATION_STATUSES, type SupportMessageView } from '@app/shared';
import {
  SUPPORT_QUEUE_SCOPES,
  type AdminSupportConversation,
  type SupportQueueScope,
} from '@app/shared/backoffice';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Empty, List, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '@/app/auth.tsx';
import { get, post } from '@/lib/api.ts';
import { beijing } from '@/lib/format.ts';
import { ConversationChat } from './ConversationChat.tsx';
import { MemberPanel } from './MemberPanel.tsx';
import { subscribeSupport } from './realtime.ts';
import './support.css';

const STATUS_COLORS = { waiting: 'gold', active: 'blue', closed: 'default' } as const;

const merge = (current: SupportMessageView[], incoming: SupportMessageView[]) => {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
};

/** 分配 or 转接: a colleague with the support permission (and, for a transfer, a note). */
function HandOver({
  conversation,
  kind,
  onDone,
}: {
  conversation: AdminSupportConversation;
  kind: 'assign' | 'transfer';
  onDone: (c: AdminSupportConversation) => void;
}) {
  const { message } = App.useApp();
  const title = kind === 'assign' ? '分配会话' : '转接给同事';
  return (
    <ModalForm<{ operator_id: number; note?: string }>
      title={`${title}：${conversation.username}`}
      width={440}
      trigger={<Button data-testid={`desk-${kind}`}>{kind === 'assign' ? '分配' : '转接'}</Button>}
      modalProps={{ destroyOnHidden: true, okText: '确定' }}
      onFinish={async (v) => {
        try {
          const params = { params: { id: conversation.id } };
          const saved =
            kind === 'assign'
              ? await post(
                  '/admin/v1/support/conversations/:id/assign',
                  { operator_id: v.operator_id },
                  params,
                )
              : await post(
                  '/admin/v1/support/conversations/:id/transfer',
                  { operator_id: v.operator_id, note: v.note ?? '' },
                  params,
                );
          void message.success(kind === 'assign' ? '已分配' : '已转接');
          onDone(saved);
          return true;
        } catch (e) {
          void message.error((e as Error).message);
          return false;
        }
      }}
    >
      <ProFormSelect
        name="operator_id"
        label="客服"
        rules={[{ required: true, message: '请选择客服' }]}
        request={async () =>
          (await get('/admin/v1/support/colleagues')).map((c) => ({
            value: c.id,
            label: `${c.name}（${c.username}，进行中 ${c.active}）`,
          }))
        }
      />
      {kind === 'transfer' ? (
        <ProFormTextArea name="note" label="备注（写入操作日志）" fieldProps={{ maxLength: 200 }} />
      ) : null}
    </ModalForm>
  );
}

/**
 * 在线客服 › 工作台: the queue (待接入, 我的会话, 全部进行中) on the left, the chat in the middle,
 * the member and their open items on the right; everything moves live over the support channel.
 */
export function SupportDeskPage() {
  const { message } = App.useApp();
  const { operator } = useAuth();
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<SupportQueueScope>('unassigned');
  const [selected, setSelected] = useState<number | null>(null);
  const [messages, setMessages] = useState<SupportMessageView[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [memberTyping, setMemberTyping] = useState(false);
  const selectedRef = useRef<number | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  selectedRef.current = selected;

  const queue = useQuery({
    queryKey: ['support', 'queue', scope],
    queryFn: () => get('/admin/v1/support/queue', { scope, per_page: 100 }),
  });
  const conversation = useQuery({
    queryKey: ['support', 'conversation', selected],
    queryFn: () => get('/admin/v1/support/conversations/:id', { id: selected ?? 0 }),
    enabled: selected !== null,
  });

  const refreshQueue = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['support', 'queue'] }),
    [queryClient],
  );
  const setConversation = useCallback(
    (c: AdminSupportConversation) =>
      queryClient.setQueryData(
        ['support', 'conversation', c.id],
        (old: AdminSupportConversation | undefined) => mergeConversation(old, c),
      ),
    [queryClient],
  );

  useEffect(() => {
    if (selected === null) return;
    let live = true;
    setMessages([]);
    setMemberTyping(false);
    get('/admin/v1/support/conversations/:id/messages', { id: selected, limit: 30 })
      .then((page) => {
        if (!live) return;
        setMessages((current) => merge(current, page.list));
        setHasMore(page.has_more);
      })
      .catch((e: unknown) => void message.error((e as Error).message));
    return () => {
      live = false;
    };
  }, [selected, message]);

  useEffect(() => {
    let off: (() => void) | undefined;
    let stopped = false;
    subscribeSupport({
      message: (e) => {
        if (e.conversation_id === selectedRef.current) {
          setMessages((current) => merge(current, [e.message]));
          if (e.message.sender === 'member') setMemberTyping(false);
        }
        refreshQueue();
      },
      conversation: (e) => {
        setConversation(e.conversation);
        refreshQueue();
      },
      typing: (e) => {
        if (e.from !== 'member' || e.conversation_id !== selectedRef.current) return;
        setMemberTyping(e.typing);
        clearTimeout(typingTimer.current);
        if (e.typing) typingTimer.current = setTimeout(() => setMemberTyping(false), 6_000);
      },
      read: (e) => {
        if (e.reader !== 'member') return;
        queryClient.setQueryData(
          ['support', 'conversation', e.conversation_id],
          (old: AdminSupportConversation | undefined) =>
            old ? mergeConversation(old, { ...old, member_read_id: e.last_id }) : old,
        );
      },
    })
      .then((unsubscribe) => {
        if (stopped) unsubscribe();
        else off = unsubscribe;
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      off?.();
      clearTimeout(typingTimer.current);
    };
  }, [queryClient, refreshQueue, setConversation]);

  const current = conversation.data;
  const mine = !!current && current.operator_id === operator?.id;

  const decide = async (action: 'take' | 'close') => {
    if (!current) return;
    try {
      const saved = await post(`/admin/v1/support/conversations/:id/${action}`, undefined, {
        params: { id: current.id },
      });
      setConversation(saved);
      refreshQueue();
      void message.success(action === 'take' ? '已接入' : '会话已结束，已邀请会员评分');
      if (action === 'take') setScope('mine');
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const olderPage = async () => {
    if (selected === null) return;
    const page = await get('/admin/v1/support/conversations/:id/messages', {
      id: selected,
      limit: 30,
      before_id: messages[0]?.id,
    });
    setMessages((m) => merge(m, page.list));
    setHasMore(page.has_more);
  };

  return (
    <PageContainer title="客服工作台" subTitle="会员的文字与图片消息实时到达；接入后回复，结束时邀请会员评分">
      <div className="desk">
        <div className="desk-queue">
          <Segmented
            block
            value={scope}
            onChange={(v) => setScope(v)}
            options={Object.entries(SUPPORT_QUEUE_SCOPES).map(([value, label]) => ({
              value: value as SupportQueueScope,
              label,
            }))}
          />
          <List
            className="desk-queue-list"
            loading={queue.isPending}
            dataSource={queue.data?.list ?? []}
            locale={{ emptyText: <Empty description="暂无会话" /> }}
            renderItem={(c) => (
              <List.Item
                className={c.id === selected ? 'desk-queue-item desk-queue-item-active' : 'desk-queue-item'}
                onClick={() => setSelected(c.id)}
                data-testid={`desk-queue-${c.id}`}
              >
                <div className="desk-queue-line">
                  <Space size={4}>
                    <Typography.Text strong>{c.username}</Typography.Text>
                    {c.ticket ? <Tag color="purple">留言</Tag> : null}
                    <Tag color={STATUS_COLORS[c.status]}>{SUPPORT_CONVERSATION_STATUSES[c.status]}</Tag>
                  </Space>
                  <Badge count={c.unread} size="small" />
                </div>
                <div className="desk-queue-line">
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 190 }}>
                    {c.last_preview}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {beijing(c.last_message_at).slice(11, 16)}
                  </Typography.Text>
                </div>
                {c.operator_name && scope !== 'mine' ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    接待：{c.operator_name}
                  </Typography.Text>
                ) : null}
              </List.Item>
            )}
          />
        </div>
        <div className="desk-main">
          {current ? (
            <>
              <div className="desk-head">
                <Space>
                  <Typography.Title level={5} style={{ margin: 0, whiteSpace: 'nowrap' }}>
                    {current.username}
                  </Typography.Title>
                  <Tag color={STATUS_COLORS[current.status]} data-testid="desk-status">
                    {SUPPORT_CONVERSATION_STATUSES[current.status]}
                  </Tag>
                  {current.ticket ? <Tag color="purple">留言</Tag> : null}
                  {current.operator_name ? (
                    <Typography.Text type="secondary">接待：{current.operator_name}</Typography.Text>
                  ) : null}
                  {current.rating !== null ? (
                    <Typography.Text type="secondary" data-testid="desk-rating">
                      评分：{'★'.repeat(current.rating)}
                      {current.rating_comment ? `（${current.rating_comment}）` : ''}
                    </Typography.Text>
                  ) : null}
                </Space>
                <Space>
                  {current.status !== 'closed' && current.operator_id === null ? (
                    <Button type="primary" onClick={() => void decide('take')} data-testid="desk-take">
                      接入
                    </Button>
                  ) : null}
                  {current.status !== 'closed' ? (
                    <HandOver conversation={current} kind="assign" onDone={setConversation} />
                  ) : null}
                  {mine && current.status !== 'closed' ? (
                    <HandOver conversation={current} kind="transfer" onDone={setConversation} />
                  ) : null}
                  {current.status !== 'closed' ? (
                    <Popconfirm title="结束会话并邀请会员评分？" onConfirm={() => void decide('close')}>
                      <Button danger data-testid="desk-close">
                        结束会话
                      </Button>
                    </Popconfirm>
                  ) : null}
                </Space>
              </div>
              <ConversationChat
                conversation={current}
                messages={messages}
                hasMore={hasMore}
                onOlder={() => void olderPage()}
                onSent={(m) => setMessages((list) => merge(list, [m]))}
                memberTyping={memberTyping}
                mine={mine}
                onRead={refreshQueue}
              />
            </>
          ) : (
            <Empty style={{ marginTop: 120 }} description="从左侧选择一个会话" />
          )}
        </div>
        <div className="desk-side">{current ? <MemberPanel conversationId={current.id} /> : null}</div>
      </div>
    </PageContainer>
  );
}
