import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import {
  SUPPORT_PICTURE_MAX_BYTES,
  SUPPORT_PICTURE_TYPES,
  SUPPORT_TEXT_MAX,
  type SupportMessageView,
} from '@app/shared';
import type { AdminSupportConversation } from '@app/shared/backoffice';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Dropdown, Empty, Image, Input, Space, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { get, post } from '@/lib/api.ts';
import { beijing } from '@/lib/format.ts';
import { readPicture } from './realtime.ts';

function Picture({ id }: { id: number }) {
  const picture = useQuery({
    queryKey: ['support', 'picture', id],
    queryFn: async () => {
      const p = await get('/admin/v1/support/pictures/:id', { id });
      return `data:${p.mime};base64,${p.data}`;
    },
    staleTime: Infinity,
  });
  if (picture.isError) return <Typography.Text type="secondary">图片加载失败</Typography.Text>;
  if (!picture.data) return <Spin size="small" />;
  return <Image src={picture.data} width={160} style={{ borderRadius: 8 }} data-testid="desk-picture" />;
}

function Bubble({ m, read }: { m: SupportMessageView; read?: boolean | undefined }) {
  if (m.sender === 'system')
    return (
      <div className="desk-system" data-testid="desk-system">
        {m.text}
      </div>
    );
  const own = m.sender === 'operator';
  return (
    <div className={own ? 'desk-row desk-row-own' : 'desk-row'} data-testid={`desk-message-${m.sender}`}>
      <div className="desk-meta">
        {own ? (m.operator_name ?? '客服') : '会员'} · {beijing(m.created_at)}
      </div>
      <div className={m.kind === 'picture' ? 'desk-bubble desk-bubble-picture' : 'desk-bubble'}>
        {m.kind === 'picture' && m.picture_id !== null ? <Picture id={m.picture_id} /> : m.text}
      </div>
      {read === undefined ? null : <div className="desk-read">{read ? '会员已读' : '会员未读'}</div>}
    </div>
  );
}

/**
 * The chat of one conversation: its messages (older pages on demand, new ones from the support
 * channel), the member typing, read marks, and the reply box with canned replies and pictures.
 * Replying needs the conversation to be the operator's own.
 */
export function ConversationChat({
  conversation,
  messages,
  hasMore,
  onOlder,
  onSent,
  memberTyping,
  mine,
  onRead,
}: {
  conversation: AdminSupportConversation;
  messages: SupportMessageView[];
  hasMore: boolean;
  onOlder: () => void;
  onSent: (m: SupportMessageView) => void;
  memberTyping: boolean;
  mine: boolean;
  /** The operator read the member's messages (the queue's unread counts change). */
  onRead: () => void;
}) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const canned = useQuery({
    queryKey: ['support', 'canned'],
    queryFn: () => get('/admin/v1/support/canned-replies'),
  });

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, memberTyping]);

  // The member's messages shown to the operator serving them are read.
  const lastFromMember = [...messages].reverse().find((m) => m.sender === 'member')?.id ?? 0;
  useEffect(() => {
    if (mine && lastFromMember > conversation.operator_read_id)
      void post(
        '/admin/v1/support/conversations/:id/read',
        { last_id: lastFromMember },
        { params: { id: conversation.id } },
      )
        .then(onRead)
        .catch(() => null);
  }, [mine, lastFromMember, conversation.id, conversation.operator_read_id, onRead]);

  const closed = conversation.status === 'closed';
  const writable = mine && !closed;
  const lastOwn = [...messages].reverse().find((m) => m.sender === 'operator')?.id;

  const typing = (value: string) => {
    setText(value);
    const now = performance.now();
    if (value && writable && now - lastTyping.current > 3_000) {
      lastTyping.current = now;
      void post(
        '/admin/v1/support/conversations/:id/typing',
        { typing: true },
        { params: { id: conversation.id } },
      ).catch(() => null);
    }
  };

  const send = async () => {
    const words = text.trim();
    if (!words || sending) return;
    setSending(true);
    try {
      const sent = await post(
        '/admin/v1/support/conversations/:id/messages',
        { text: words },
        { params: { id: conversation.id } },
      );
      onSent(sent.message);
      setText('');
      lastTyping.current = 0;
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setSending(false);
    }
  };

  const sendPicture = async (file: File | undefined) => {
    if (!file) return;
    try {
      const data = await readPicture(file, SUPPORT_PICTURE_TYPES, SUPPORT_PICTURE_MAX_BYTES);
      const sent = await post(
        '/admin/v1/support/conversations/:id/pictures',
        { data },
        { params: { id: conversation.id } },
      );
      onSent(sent.message);
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <div className="desk-chat">
      <div className="desk-messages" ref={listRef} data-testid="desk-messages">
        {hasMore ? (
          <div style={{ textAlign: 'center' }}>
            <Button size="small" type="link" onClick={onOlder}>
              查看更早的消息
            </Button>
          </div>
        ) : null}
        {messages.length === 0 ? <Empty description="暂无消息" /> : null}
        {messages.map((m) => (
          <Bubble
            key={m.id}
            m={m}
            read={
              m.id === lastOwn && m.conversation_id === conversation.id
                ? conversation.member_read_id >= m.id
                : undefined
            }
          />
        ))}
        {memberTyping ? (
          <div className="desk-typing" data-testid="desk-typing">
            会员正在输入…
          </div>
        ) : null}
      </div>
      <div className="desk-composer">
        <Space style={{ marginBottom: 6 }}>
          <Dropdown
            disabled={!writable}
            menu={{
              items: (canned.data ?? []).map((r) => ({ key: String(r.id), label: r.title, title: r.body })),
              onClick: ({ key }) => setText(canned.data?.find((r) => String(r.id) === key)?.body ?? text),
            }}
          >
            <Button size="small" data-testid="desk-canned">
              快捷回复
            </Button>
          </Dropdown>
          <Tooltip title="发送图片（PNG、JPG、WEBP，不超过2MB）">
            <Button
              size="small"
              icon={<PictureOutlined />}
              disabled={!writable}
              onClick={() => fileRef.current?.click()}
            >
              图片
            </Button>
          </Tooltip>
          <input
            ref={fileRef}
            type="file"
            hidden
            accept={SUPPORT_PICTURE_TYPES.join(',')}
            data-testid="desk-file"
            onChange={(e) => void sendPicture(e.target.files?.[0])}
          />
          {!writable ? (
            <Typography.Text type="secondary">{closed ? '会话已结束' : '接入会话后才能回复'}</Typography.Text>
          ) : null}
        </Space>
        <div className="desk-input-row">
          <Input.TextArea
            value={text}
            onChange={(e) => typing(e.target.value)}
            onPressEnter={(e) => {
              if (!e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
            disabled={!writable}
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={SUPPORT_TEXT_MAX}
            placeholder="输入回复，Enter 发送，Shift+Enter 换行"
            data-testid="desk-input"
          />
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={!writable || !text.trim()}
            loading={sending}
            onClick={() => void send()}
          >
            发送
          </Button>
        </div>
      </div>
    </div>
  );
}
