import { LIMIT_COOLING_OFF_HOURS, formatFen } from '@app/shared';
import { Button, Dialog, Popup } from 'antd-mobile';
import { useState } from 'react';
import { toast } from '@/lib/toast.tsx';
import { checkAmount, type AmountRule } from '@/ui/amount.ts';
import { AmountInput } from '@/ui/AmountInput.tsx';
import { formatDateTime } from '@/ui/format.ts';
import { Money } from '@/ui/Money.tsx';
import { limitName, limitOutcome, pendingWords, type PlayLimit } from '../model.ts';
import { useSetLimitMutation } from '../queries.ts';

const RULE: AmountRule = { kind: 'money', label: '限额金额' };

/** Sets, changes or removes one limit; the server says whether it applies now or after 24 h. */
export function LimitSheet({ limit, onClose }: { limit: PlayLimit | null; onClose: () => void }) {
  return (
    <Popup
      visible={limit !== null}
      onClose={onClose}
      onMaskClick={onClose}
      destroyOnClose
      bodyClassName="sheet rp-sheet"
    >
      {limit ? <LimitForm limit={limit} onDone={onClose} /> : null}
    </Popup>
  );
}

function LimitForm({ limit, onDone }: { limit: PlayLimit; onDone: () => void }) {
  const save = useSetLimitMutation();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = limitName(limit);

  const send = (value: string | null) => {
    setError(null);
    save.mutate(
      { kind: limit.kind, period: limit.period, amount: value },
      {
        onSuccess: (answer) => {
          const outcome = limitOutcome(answer);
          onDone();
          if (outcome.pending)
            void Dialog.alert({ title: '已提交', content: outcome.message, confirmText: '知道了' });
          else toast.success(outcome.message);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  const submit = () => {
    const check = checkAmount(amount, RULE);
    if (check.state === 'empty') return setError('请输入限额金额');
    if (check.state === 'invalid') return setError(check.message);
    send(formatFen(check.value));
  };

  const remove = async () => {
    const confirmed = await Dialog.confirm({
      title: `取消${name}`,
      content: `取消限额需等待${LIMIT_COOLING_OFF_HOURS}小时后生效，在此之前仍按当前限额执行。`,
      confirmText: '确认取消',
      cancelText: '再想想',
    });
    if (confirmed) send(null);
  };

  const removable = limit.amount !== null && !(limit.pending && limit.pending.amount === null);
  return (
    <div data-testid="rp-limit-sheet">
      <h3 className="sheet-title">{name}</h3>
      <div className="rp-sheet-current">
        <span>
          当前限额：
          {limit.amount === null ? (
            '未设置'
          ) : (
            <>
              <Money value={limit.amount} /> 元
            </>
          )}
        </span>
        {limit.pending ? (
          <span className="rp-limit-pending">
            <span className="rp-tag">待生效</span>
            {pendingWords(limit.pending)}，{formatDateTime(limit.pending.effective_at)} 生效
          </span>
        ) : null}
      </div>
      <div className="rp-sheet-field">
        <AmountInput
          value={amount}
          onChange={(text) => {
            setAmount(text);
            setError(null);
          }}
          rule={RULE}
          label={`${name}金额`}
          placeholder="请输入新的限额金额（元）"
          testId="rp-limit-input"
        />
      </div>
      <ul className="rp-rules">
        <li>降低限额或首次设置：立即生效</li>
        <li>提高或取消限额：{LIMIT_COOLING_OFF_HOURS}小时后生效，期间仍按原限额执行</li>
      </ul>
      {error ? (
        <p className="rp-error" role="alert" data-testid="rp-limit-error">
          {error}
        </p>
      ) : null}
      <div className="rp-sheet-actions">
        <Button block color="primary" loading={save.isPending} onClick={submit} data-testid="rp-limit-save">
          保存
        </Button>
        {removable ? (
          <Button block fill="outline" color="danger" disabled={save.isPending} onClick={() => void remove()}>
            取消限额
          </Button>
        ) : null}
      </div>
    </div>
  );
}
