import { Button } from 'antd-mobile';
import { toast } from '@/lib/toast.tsx';
import { Money, yuan } from '@/ui/Money.tsx';
import { useGameBalanceQuery, useTransferAllOutMutation } from '../queries.ts';

/** Main wallet and game wallet side by side, with one tap to bring everything back (全部转出). */
export function GameWallet({ compact = false }: { compact?: boolean }) {
  const balance = useGameBalanceQuery();
  const out = useTransferAllOutMutation();
  const data = balance.data;
  const gameEmpty = !data?.game_balance || data.game_balance === '0.00';

  const bringBack = () =>
    out.mutate(undefined, {
      onSuccess: (r) =>
        r.status === 'pending'
          ? toast.info('转账处理中，请稍后查看余额')
          : toast.success(`已转回主钱包 ${yuan(r.amount)} 元`),
      onError: (err) => toast.error(err.message),
    });

  return (
    <div className={compact ? 'gm-wallet compact' : 'gm-wallet'} data-testid="game-wallet">
      <div className="gm-wallet-figures">
        <div data-testid="wallet-main">
          <span className="muted">主钱包</span>
          <Money className="gm-wallet-main" value={data?.main_balance} />
        </div>
        <div data-testid="wallet-game">
          <span className="muted">游戏钱包</span>
          {data && data.game_balance === null ? (
            <span className="gm-wallet-sub muted">暂不可用</span>
          ) : (
            <Money className="gm-wallet-sub" value={data?.game_balance} />
          )}
        </div>
        {data && data.pending_count > 0 ? (
          <div data-testid="wallet-pending">
            <span className="muted">处理中</span>
            <Money className="gm-wallet-sub" value={data.pending_in} />
          </div>
        ) : null}
      </div>
      {compact ? null : (
        <Button
          size="mini"
          fill="outline"
          className="gold"
          disabled={!data || gameEmpty}
          loading={out.isPending}
          onClick={bringBack}
        >
          全部转出
        </Button>
      )}
    </div>
  );
}
