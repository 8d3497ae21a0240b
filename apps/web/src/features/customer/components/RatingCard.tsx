import type { SupportConversationView } from '@app/shared';
import { Button, Rate, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { toast } from '@/lib/toast.tsx';
import { rateConversation } from '../queries.ts';

const WORDS = ['', '非常不满意', '不满意', '一般', '满意', '非常满意'];

/** 1–5 stars (and a few words) for the conversation an operator closed. */
export function RatingCard({
  conversationId,
  onRated,
}: {
  conversationId: number;
  onRated: (conversation: SupportConversationView) => void;
}) {
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (stars < 1) {
      toast.info('请选择1-5星评价');
      return;
    }
    setBusy(true);
    try {
      onRated(await rateConversation(conversationId, stars, comment.trim()));
      toast.success('感谢您的评价');
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : '评价失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="support-rating" data-testid="support-rating">
      <div className="support-rating-title">请为本次服务评分</div>
      <Rate value={stars} onChange={setStars} className="support-rate" />
      <div className="support-rating-words">{WORDS[stars] || '点击星星评分'}</div>
      <TextArea
        className="support-rating-comment"
        placeholder="说说您的感受（选填）"
        value={comment}
        onChange={setComment}
        maxLength={200}
        rows={2}
      />
      <Button block color="primary" size="small" loading={busy} onClick={() => void submit()}>
        提交评价
      </Button>
    </div>
  );
}
