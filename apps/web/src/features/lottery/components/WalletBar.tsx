import { Button } from 'antd-mobile';
import { fenFromDecimal } from '@app/shared';
import { toast } from '@/lib/toast.tsx';
import { Money } from '@/ui/Money.tsx';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import { useLotteryWalletQuery, useTransferMutation } from '../queries.ts';

/**
 * The lottery wallet beside the main one, with one tap to bring the whole main balance in
 * (一键转入) and one to take everything back out (全部转出).
 */
export function WalletBar() {
  const loggedIn = useSessionStore(selectLoggedIn);
  const wallet = useLotteryWalletQuery();
  const transfer = useTransferMutation();
  if (!loggedIn) return null;
  const data = wallet.data;
  const mainFen = data ? fenFromDecimal(data.main_balance) : 0n;
  const lotteryFen = data ? fenFromDecimal(data.balance) : 0n;

  const transferIn = () => {
    if (!data) return;
    if (mainFen <= 0n) {
      toast.info('主钱包余额为0，请先充值');
      return;
    }
    transfer.mutate({ direction: 'in', amount: data.main_balance });
  };
  const transferOut = () => {
    if (lotteryFen <= 0n) {
      toast.info('彩票钱包暂无余额');
      return;
    }
    transfer.mutate({ direction: 'out', amount: '0' });
  };

  return (
    <div className="lt-wallet" data-testid="lottery-wallet">
      <div className="lt-wallet-figures">
        <div data-testid="wallet-lottery">
          <span className="muted">彩票余额</span>
          <Money className="lt-wallet-main" value={data?.balance} grouped />
        </div>
        <div data-testid="wallet-main">
          <span className="muted">主钱包</span>
          <Money className="lt-wallet-sub" value={data?.main_balance} grouped />
        </div>
      </div>
      <div className="lt-wallet-actions">
        <Button
          size="mini"
          color="primary"
          onClick={transferIn}
          loading={transfer.isPending}
          disabled={!data}
        >
          一键转入
        </Button>
        <Button
          size="mini"
          fill="outline"
          className="gold"
          onClick={transferOut}
          disabled={!data || transfer.isPending}
        >
          全部转出
        </Button>
      </div>
    </div>
  );
}
