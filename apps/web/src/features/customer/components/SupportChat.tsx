import {
  SUPPORT_EVENTS,
  SUPPORT_PICTURE_MAX_BYTES,
  SUPPORT_PICTURE_TYPES,
  SUPPORT_TEXT_MAX,
  supportConversationEvent,
  supportMessageEvent,
  supportReadEvent,
  supportTypingEvent,
  type SupportMessageView,
  type SupportStatus,
} from '@app/shared';
import { Button, DotLoading, TextArea } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { usePrivateEvent } from '@/lib/realtime/index.ts';
import { toast } from '@/lib/toast.tsx';
import {
  fetchHistory,
  markRead,
  mergeMessages,
  sendPicture,
  sendText,
  sendTyping,
  useSetConversation,
} from '../queries.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { RatingCard } from './RatingCard.tsx';

/** How long the other side's "typing" shows without a new signal. */
const TYPING_SHOWN_MS = 6_000;
/** The member's "typing" is sent at most this often while they type. */
const TYPING_EVERY_MS = 3_000;

const errorText = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;

/** Reads a chosen file as base64 (no data: prefix), after checking its type and size here too. */
function readPicture(file: File): Promise<string> {
  if (!(SUPPORT_PICTURE_TYPES as readonly string[]).includes(file.type))
    return Promise.reject(new Error('仅支持 PNG、JPG、WEBP 格式的图片'));
  if (file.size > SUPPORT_PICTURE_MAX_BYTES) return Promise.reject(new Error('图片不能超过2MB'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new Error('图片读取失败'));
    reader.readAsDataURL(file);
  });
}

/**
 * The conversation with a person: history (older pages on demand), the member's and the
 * operators' messages as they arrive on the member's private channel, typing and read marks,
 * pictures, and the stars once an operator closed it.
 */
export function SupportChat({ status }: { status: SupportStatus }) {
  const [messages, setMessages] = useState<SupportMessageView[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [operatorTyping, setOperatorTyping] = useState(false);
  const setConversation = useSetConversation();
  const conversation = status.conversation;
  const listRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const stickToBottom = useRef(true);
  const lastTyping = useRef(0);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let live = true;
    fetchHistory()
      .then((page) => {
        if (!live) return;
        setMessages((current) => mergeMessages(current, page.list));
        setHasMore(page.has_more);
      })
      .catch((err: unknown) => toast.error(errorText(err, '消息记录加载失败')))
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);

  // New messages keep the view at the bottom unless the member scrolled up to read.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [messages, operatorTyping]);

  // What the operators wrote and the member now sees is read.
  const lastFromOperators = [...messages].reverse().find((m) => m.sender !== 'member')?.id ?? 0;
  useEffect(() => {
    if (conversation && lastFromOperators > conversation.member_read_id) void markRead(lastFromOperators);
  }, [conversation, lastFromOperators]);

  useEffect(() => () => clearTimeout(typingTimer.current), []);

  usePrivateEvent(SUPPORT_EVENTS.message, (data) => {
    const parsed = supportMessageEvent.safeParse(data);
    if (!parsed.success) return;
    setMessages((current) => mergeMessages(current, [parsed.data.message]));
    if (parsed.data.message.sender === 'operator') setOperatorTyping(false);
  });
  usePrivateEvent(SUPPORT_EVENTS.typing, (data) => {
    const parsed = supportTypingEvent.safeParse(data);
    if (!parsed.success || parsed.data.from !== 'operator') return;
    setOperatorTyping(parsed.data.typing);
    clearTimeout(typingTimer.current);
    if (parsed.data.typing) typingTimer.current = setTimeout(() => setOperatorTyping(false), TYPING_SHOWN_MS);
  });
  usePrivateEvent(SUPPORT_EVENTS.read, (data) => {
    const parsed = supportReadEvent.safeParse(data);
    if (!parsed.success || parsed.data.reader !== 'operator') return;
    const { conversation_id: id, last_id: lastId } = parsed.data;
    setConversation((current) =>
      current && current.id === id ? { ...current, operator_read_id: lastId } : current,
    );
  });
  usePrivateEvent(SUPPORT_EVENTS.conversation, (data) => {
    const parsed = supportConversationEvent.safeParse(data);
    if (parsed.success) setConversation(parsed.data.conversation);
  });

  const loadOlder = useCallback(async () => {
    const oldest = messages[0]?.id;
    const list = listRef.current;
    const before = list?.scrollHeight ?? 0;
    try {
      const page = await fetchHistory(oldest);
      stickToBottom.current = false;
      setMessages((current) => mergeMessages(current, page.list));
      setHasMore(page.has_more);
      requestAnimationFrame(() => {
        if (list) list.scrollTop = list.scrollHeight - before;
      });
    } catch (err) {
      toast.error(errorText(err, '消息记录加载失败'));
    }
  }, [messages]);

  const onScroll = () => {
    const list = listRef.current;
    if (list) stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  };

  const onType = (value: string) => {
    setText(value);
    const now = performance.now();
    if (value && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      void sendTyping(true);
    }
  };

  const sent = (result: Awaited<ReturnType<typeof sendText>>) => {
    stickToBottom.current = true;
    setMessages((current) => mergeMessages(current, [result.message]));
    setConversation(result.conversation);
  };

  const submit = async () => {
    const words = text.trim();
    if (!words || sending) return;
    setSending(true);
    try {
      sent(await sendText(words));
      setText('');
      lastTyping.current = 0;
      void sendTyping(false);
    } catch (err) {
      toast.error(errorText(err, '发送失败'));
    } finally {
      setSending(false);
    }
  };

  const choosePicture = async (file: File | undefined) => {
    if (!file) return;
    try {
      sent(await sendPicture(await readPicture(file)));
    } catch (err) {
      toast.error(errorText(err, '图片发送失败'));
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const serving = conversation?.status === 'active' ? conversation.operator_name : null;
  const lastOwn = [...messages].reverse().find((m) => m.sender === 'member')?.id;

  return (
    <div className="support-chat">
      <div className="support-banner" data-testid="support-banner">
        {status.open_now ? (
          serving ? (
            <span>
              客服「{serving}」为您服务 · 服务时间 {status.hours_text}
            </span>
          ) : (
            <span>服务时间 {status.hours_text}</span>
          )
        ) : (
          <span className="support-banner-offline">
            当前为非服务时间（{status.hours_text}），留言后客服会尽快回复您
          </span>
        )}
      </div>
      <div className="support-messages" ref={listRef} onScroll={onScroll} data-testid="support-messages">
        {hasMore ? (
          <button type="button" className="support-older" onClick={() => void loadOlder()}>
            查看更早的消息
          </button>
        ) : null}
        {loaded && messages.length === 0 ? (
          <div className="support-empty">
            <p>{status.open_now ? status.welcome : status.offline_notice}</p>
            <p className="support-empty-hint">发送消息即可开始咨询，支持文字和图片</p>
          </div>
        ) : null}
        {!loaded ? (
          <div className="page-loading">
            <DotLoading color="currentColor" />
          </div>
        ) : null}
        {messages.map((m) => (
          <MessageBubble
            key={m.id}
            message={m}
            readByOperator={
              m.id === lastOwn && conversation?.id === m.conversation_id
                ? conversation.operator_read_id >= m.id
                : undefined
            }
          />
        ))}
        {operatorTyping ? (
          <div className="support-typing" data-testid="support-typing">
            客服正在输入
            <DotLoading color="currentColor" />
          </div>
        ) : null}
        {conversation?.rating_asked ? (
          <RatingCard conversationId={conversation.id} onRated={setConversation} />
        ) : null}
      </div>
      <div className="support-composer">
        <button
          type="button"
          className="support-picture-button"
          aria-label="发送图片"
          onClick={() => fileRef.current?.click()}
        >
          <PictureOutline />
        </button>
        <input
          ref={fileRef}
          type="file"
          accept={SUPPORT_PICTURE_TYPES.join(',')}
          hidden
          data-testid="support-file"
          onChange={(e) => void choosePicture(e.target.files?.[0])}
        />
        <TextArea
          className="support-input"
          placeholder={status.open_now ? '请输入您的问题' : '请输入留言内容'}
          value={text}
          onChange={onType}
          onBlur={() => void sendTyping(false)}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={SUPPORT_TEXT_MAX}
          rows={1}
        />
        <Button
          className="support-send"
          color="primary"
          size="small"
          disabled={!text.trim() || sending}
          loading={sending}
          onClick={() => void submit()}
        >
          发送
        </Button>
      </div>
    </div>
  );
}
