import { fenFromDecimal, formatFen } from '@app/shared';
import { Button, Popup, Switch } from 'antd-mobile';
import { useState } from 'react';
import { toast } from '@/lib/toast.tsx';
import { checkAmount, type AmountRule } from '@/ui/amount.ts';
import { AmountInput } from '@/ui/AmountInput.tsx';
import { Money } from '@/ui/Money.tsx';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import { useAutoTransferMutation, useLotteryWalletQuery, useTransferMutation } from '../queries.ts';

const QUICK = ['10', '50', '100', '500'];
const RULE: AmountRule = { kind: 'money', label: '转账金额' };

/**
 * The lottery wallet beside the main one: transfer an amount either way (quick amounts and 全部),
 * and 自动转入, with which a bet takes its stake straight from the main wallet.
 */
export function WalletBar() {
  const loggedIn = useSessionStore(selectLoggedIn);
  const wallet = useLotteryWalletQuery();
  const transfer = useTransferMutation();
  const auto = useAutoTransferMutation();
  const [direction, setDirection] = useState<'in' | 'out' | null>(null);
  const [amount, setAmount] = useState('');
  if (!loggedIn) return null;
  const data = wallet.data;
  const mainFen = data ? fenFromDecimal(data.main_balance) : 0n;
  const lotteryFen = data ? fenFromDecimal(data.balance) : 0n;
  const sourceFen = direction === 'out' ? lotteryFen : mainFen;

  const open = (to: 'in' | 'out') => {
    setAmount('');
    setDirection(to);
  };
  const submit = () => {
    if (!direction) return;
    const check = checkAmount(amount, RULE);
    if (check.state === 'empty') return toast.info('请输入转账金额');
    if (check.state === 'invalid') return toast.error(check.message);
    if (check.value > sourceFen)
      return toast.error(direction === 'in' ? '主钱包余额不足' : '彩票钱包余额不足');
    transfer.mutate({ direction, amount: formatFen(check.value) }, { onSuccess: () => setDirection(null) });
  };

  return (
    <div className="lt-wallet" data-testid="lottery-wallet">
      <div className="lt-wallet-figures">
        <div data-testid="wallet-lottery">
          <span className="muted">彩票余额</span>
          <Money className="lt-wallet-main" value={data?.balance} />
        </div>
        <div data-testid="wallet-main">
          <span className="muted">主钱包</span>
          <Money className="lt-wallet-sub" value={data?.main_balance} />
        </div>
      </div>
      <div className="lt-wallet-actions">
        <Button size="mini" color="primary" onClick={() => open('in')} disabled={!data}>
          转入
        </Button>
        <Button size="mini" fill="outline" className="gold" onClick={() => open('out')} disabled={!data}>
          转出
        </Button>
      </div>
      <label className="lt-wallet-auto" data-testid="auto-transfer">
        <Switch
          checked={data?.auto_transfer ?? false}
          loading={auto.isPending}
          disabled={!data}
          onChange={(on) => auto.mutate(on)}
          aria-label="自动转入"
        />
        <span>
          自动转入 <span className="muted">开启后投注直接从主钱包扣款</span>
        </span>
      </label>

      <Popup
        visible={direction !== null}
        onMaskClick={() => setDirection(null)}
        destroyOnClose
        bodyClassName="lt-transfer"
      >
        <div data-testid="lottery-transfer">
          <div className="lt-transfer-head">
            <strong>{direction === 'in' ? '主钱包 → 彩票钱包' : '彩票钱包 → 主钱包'}</strong>
            <span className="muted">
              可转 <Money value={sourceFen} /> 元
            </span>
          </div>
          <AmountInput
            value={amount}
            onChange={setAmount}
            rule={RULE}
            label="转账金额"
            placeholder="请输入转账金额"
            testId="lottery-transfer-amount"
          />
          <div className="amount-chips">
            {QUICK.map((q) => (
              <button key={q} type="button" onClick={() => setAmount(q)}>
                {q}
              </button>
            ))}
            <button type="button" onClick={() => setAmount(formatFen(sourceFen))} disabled={sourceFen <= 0n}>
              全部
            </button>
          </div>
          <Button
            block
            color="primary"
            loading={transfer.isPending}
            onClick={submit}
            data-testid="lottery-transfer-submit"
          >
            确认{direction === 'in' ? '转入' : '转出'}
          </Button>
        </div>
      </Popup>
    </div>
  );
}
