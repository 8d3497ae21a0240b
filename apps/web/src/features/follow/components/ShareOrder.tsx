import { Button, Dialog, TextArea } from 'antd-mobile';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { followPostPath } from '../paths.ts';
import { usePublishPost } from '../queries.ts';

/** The commission choices a publisher may set (of copiers' winnings). */
const RATES = [0, 200, 500, 800] as const;

/**
 * 晒单 on an open pre-match order's page: a comment and the commission on copiers' winnings; once
 * published the order links to its 晒单 instead.
 */
export function ShareOrder({ orderNo, postId }: { orderNo: string; postId: number | null }) {
  const navigate = useNavigate();
  const publish = usePublishPost();
  const form = useRef<{ comment: string; rate: number }>({ comment: '', rate: 500 });
  if (postId !== null)
    return (
      <Button
        size="small"
        fill="outline"
        className="gold"
        data-testid="follow-open-post"
        onClick={() => void navigate(followPostPath(postId))}
      >
        查看我的晒单
      </Button>
    );
  const open = async () => {
    form.current = { comment: '', rate: 500 };
    const ok = await Dialog.confirm({
      title: '晒单',
      content: (
        <div className="fl-share" data-testid="follow-share-form">
          <TextArea
            placeholder="推荐理由（选填，最多200字）"
            maxLength={200}
            rows={3}
            onChange={(comment) => (form.current.comment = comment)}
          />
          <div className="fl-rates" role="radiogroup" aria-label="佣金比例">
            <span>跟单佣金</span>
            {RATES.map((rate) => (
              <label key={rate}>
                <input
                  type="radio"
                  name="follow-rate"
                  defaultChecked={rate === 500}
                  onChange={() => (form.current.rate = rate)}
                />
                {rate / 100}%
              </label>
            ))}
          </div>
          <p className="muted">跟单者中奖且盈利时，按比例从其盈利中支付给你。</p>
        </div>
      ),
      confirmText: '确认晒单',
    });
    if (!ok) return;
    try {
      const post = await publish.mutateAsync({
        order_no: orderNo,
        comment: form.current.comment,
        commission_bp: form.current.rate,
      });
      toast.success('晒单成功');
      void navigate(followPostPath(post.id));
    } catch {
      // The submission toasts the failure.
    }
  };
  return (
    <Button
      size="small"
      fill="outline"
      className="gold"
      data-testid="follow-share"
      onClick={() => void open()}
    >
      晒单
    </Button>
  );
}
