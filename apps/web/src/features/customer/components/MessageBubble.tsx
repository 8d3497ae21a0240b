import { shanghaiParts, type SupportMessageView } from '@app/shared';
import { DotLoading, ImageViewer } from 'antd-mobile';
import { usePictureQuery } from '../queries.ts';

function Picture({ id }: { id: number }) {
  const picture = usePictureQuery(id);
  if (picture.isError) return <span className="support-picture-missing">图片加载失败</span>;
  if (!picture.data)
    return (
      <span className="support-picture-loading">
        <DotLoading color="currentColor" />
      </span>
    );
  const src = picture.data;
  return (
    <img
      className="support-picture"
      src={src}
      alt="图片"
      data-testid="support-picture"
      onClick={() => ImageViewer.show({ image: src })}
    />
  );
}

/**
 * One message: the member's on the right, an operator's on the left with their name, the
 * system's (welcome, taken, transferred, closed) as a line in the middle. The member's last
 * message says whether an operator has read it.
 */
export function MessageBubble({
  message,
  readByOperator,
}: {
  message: SupportMessageView;
  readByOperator?: boolean | undefined;
}) {
  const time = shanghaiParts(message.created_at)?.time ?? '';
  if (message.sender === 'system')
    return (
      <div className="support-system" data-testid="support-system">
        {message.text}
      </div>
    );
  const own = message.sender === 'member';
  return (
    <div
      className={own ? 'support-row support-row-own' : 'support-row'}
      data-testid={`support-message-${message.sender}`}
    >
      {own ? null : <div className="support-avatar">客</div>}
      <div className="support-bubble-wrap">
        <div className="support-meta">
          {own ? null : <span className="support-name">{message.operator_name ?? '客服'}</span>}
          <span>{time}</span>
        </div>
        <div
          className={message.kind === 'picture' ? 'support-bubble support-bubble-picture' : 'support-bubble'}
        >
          {message.kind === 'picture' && message.picture_id !== null ? (
            <Picture id={message.picture_id} />
          ) : (
            message.text
          )}
        </div>
        {readByOperator === undefined ? null : (
          <div className="support-read" data-testid="support-read">
            {readByOperator ? '已读' : '未读'}
          </div>
        )}
      </div>
    </div>
  );
}
