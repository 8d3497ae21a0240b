import { formatFen, FOLLOW_SUBSCRIPTION_MODES, type FollowSubscriptionMode } from '@app/shared';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { AmountInput, CountInput } from '@/ui/AmountInput.tsx';
import { checkAmount } from '@/ui/amount.ts';
import { ChoiceChips } from '@/ui/ChoiceChips.tsx';
import { useSubscribe } from '../queries.ts';

const CAP_RULE = { kind: 'money', min: 100n, max: 100_000_000n, label: '每日上限' } as const;
const STOP_RULE = { kind: 'money', min: 100n, max: 100_000_000n, label: '止损金额' } as const;

/**
 * 定制跟单 of a 晒单's publisher: each of their new 晒单 is copied automatically at a fixed multiple
 * or a share of theirs, within a daily cap, until the copies have lost the stop-loss.
 */
export function SubscribeSheet({
  postId,
  publisher,
  open,
  onClose,
  onDone,
}: {
  postId: number;
  publisher: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [mode, setMode] = useState<FollowSubscriptionMode>('multiple');
  const [value, setValue] = useState(1);
  const [cap, setCap] = useState('100');
  const [stop, setStop] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const subscribe = useSubscribe();
  const capCheck = checkAmount(cap, CAP_RULE);
  const stopCheck = checkAmount(stop, STOP_RULE);
  const ready = problem === null && capCheck.state === 'ok' && stopCheck.state !== 'invalid';

  const submit = async () => {
    if (capCheck.state !== 'ok') return;
    try {
      await subscribe.mutateAsync({
        post_id: postId,
        mode,
        value,
        daily_cap: formatFen(capCheck.value),
        ...(stopCheck.state === 'ok' ? { stop_loss: formatFen(stopCheck.value) } : {}),
      });
      onDone();
    } catch {
      // The submission toasts the failure.
    }
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <div className="fl-subscribe" data-testid="follow-subscribe-sheet">
        <h3>定制跟单 {publisher}</h3>
        <p className="muted">
          该发单人之后的每张晒单将自动按下方设置跟单，每单与手动跟单同样校验（赔率按当时、限额与理性投注设置照常生效），未成功会站内信通知。
        </p>
        <div className="fl-sub-row">
          <span>跟单方式</span>
          <ChoiceChips
            label="跟单方式"
            options={(Object.keys(FOLLOW_SUBSCRIPTION_MODES) as FollowSubscriptionMode[]).map((m) => ({
              key: m,
              text: FOLLOW_SUBSCRIPTION_MODES[m],
            }))}
            value={mode}
            onChange={(m) => {
              setMode(m);
              setValue(m === 'multiple' ? 1 : 100);
            }}
          />
        </div>
        <div className="fl-sub-row">
          <span>{mode === 'multiple' ? '每单倍数' : '发单人倍数的 %'}</span>
          <CountInput
            key={mode}
            testId="follow-subscribe-value"
            label={mode === 'multiple' ? '倍数' : '比例'}
            min={mode === 'multiple' ? 1 : 10}
            max={mode === 'multiple' ? 99 : 500}
            value={value}
            onChange={setValue}
            onProblem={setProblem}
          />
        </div>
        <div className="fl-sub-row">
          <span>每日上限（元）</span>
          <AmountInput
            label="每日上限"
            testId="follow-subscribe-cap"
            value={cap}
            onChange={setCap}
            rule={CAP_RULE}
          />
        </div>
        <div className="fl-sub-row">
          <span>止损（元，选填）</span>
          <AmountInput
            label="止损金额"
            testId="follow-subscribe-stop"
            value={stop}
            onChange={setStop}
            rule={STOP_RULE}
            placeholder="跟单净亏损达到即停止"
          />
        </div>
        <Button
          color="primary"
          block
          data-testid="follow-subscribe-submit"
          disabled={!ready || subscribe.isPending}
          loading={subscribe.isPending}
          onClick={() => void submit()}
        >
          确认定制
        </Button>
      </div>
    </Popup>
  );
}
