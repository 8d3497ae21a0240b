import { fenFromDecimal, formatFen, type GameView } from '@app/shared';
import { Button, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast.tsx';
import { checkAmount, type AmountRule } from '@/ui/amount.ts';
import { AmountInput } from '@/ui/AmountInput.tsx';
import { Money } from '@/ui/Money.tsx';
import { useGameBalanceQuery } from '../queries.ts';

const QUICK = ['10', '50', '100', '500'];
const RULE: AmountRule = { kind: 'money', label: '转入金额' };

/**
 * Before a game opens: how much to bring from the main wallet into the game wallet (an amount,
 * everything, or nothing when the game wallet already holds money).
 */
export function EnterGamePopup({
  game,
  busy,
  onClose,
  onEnter,
}: {
  game: GameView | null;
  busy: boolean;
  onClose: () => void;
  onEnter: (amount: string | null) => void;
}) {
  const balance = useGameBalanceQuery();
  const [amount, setAmount] = useState('');
  useEffect(() => setAmount(''), [game?.code]);
  const data = balance.data;
  const mainFen = data ? fenFromDecimal(data.main_balance) : 0n;
  const gameFen = data?.game_balance ? fenFromDecimal(data.game_balance) : 0n;

  const submit = () => {
    if (!amount) {
      if (gameFen <= 0n) {
        toast.info(mainFen > 0n ? '请输入转入金额' : '主钱包余额为0，请先充值');
        return;
      }
      onEnter(null);
      return;
    }
    const check = checkAmount(amount, RULE);
    if (check.state === 'invalid') return toast.error(check.message);
    if (check.state !== 'ok') return;
    if (check.value > mainFen) return toast.error('主钱包余额不足');
    onEnter(formatFen(check.value));
  };

  return (
    <Popup visible={game !== null} onMaskClick={onClose} bodyClassName="gm-enter" destroyOnClose>
      {game ? (
        <div data-testid="enter-game">
          <div className="gm-enter-head">
            <img src={game.icon} alt="" />
            <div>
              <strong>{game.name}</strong>
              <span className="muted">
                {game.platform_name} · {game.game_type_name} · RTP {game.rtp}
              </span>
            </div>
          </div>
          <div className="gm-enter-figures">
            <div>
              <span className="muted">主钱包</span>
              <Money value={data?.main_balance} />
            </div>
            <div>
              <span className="muted">游戏钱包</span>
              <Money value={data?.game_balance ?? null} />
            </div>
          </div>
          <label className="gm-enter-label" htmlFor="gm-amount">
            转入游戏钱包（元）
          </label>
          <AmountInput
            id="gm-amount"
            className="gm-enter-input"
            placeholder={gameFen > 0n ? '不转入可直接进入游戏' : '请输入转入金额'}
            value={amount}
            onChange={setAmount}
            rule={RULE}
            label="转入游戏钱包金额"
            testId="enter-amount"
          />
          <div className="amount-chips">
            {QUICK.map((q) => (
              <button key={q} type="button" onClick={() => setAmount(q)}>
                {q}
              </button>
            ))}
            <button
              type="button"
              data-testid="enter-all"
              onClick={() => (mainFen > 0n ? setAmount(formatFen(mainFen)) : toast.info('主钱包余额为0'))}
            >
              全部
            </button>
          </div>
          <Button block color="primary" loading={busy} onClick={submit} data-testid="enter-submit">
            {amount ? '转入并进入游戏' : '进入游戏'}
          </Button>
          <p className="gm-enter-note muted">离开游戏时，游戏钱包余额将自动转回主钱包。</p>
        </div>
      ) : null}
    </Popup>
  );
}
