import type { UserInfo } from '@app/shared';
import { ProgressBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { Money } from '@/ui/Money.tsx';
import { RefreshButton } from '@/ui/RefreshButton.tsx';
import { LiveBadge } from '../../realtime/components/LiveBadge.tsx';
import { walletShortcuts } from '../menu.tsx';
import { useBalanceQuery, useVipQuery } from '../queries.ts';

/**
 * Main balance with frozen and lottery balances, a refresh button and the VIP progress. The
 * figures update live: realtime events and polls write into the balance query (features/realtime).
 */
export function BalanceCard({ user }: { user: UserInfo }) {
  const navigate = useNavigate();
  const balance = useBalanceQuery();
  const vip = useVipQuery();
  const data = balance.data;
  const shortcuts = walletShortcuts();
  return (
    <div className="card card-gold balance-card">
      <div className="balance-head">
        <span className="muted">
          账户余额（元）
          <LiveBadge />
        </span>
        <RefreshButton
          label="刷新余额"
          spinning={balance.isFetching}
          onClick={() => void balance.refetch()}
        />
      </div>
      <Money className="balance-main" value={data?.balance ?? user.balance} />
      <div className="balance-subs">
        <div>
          <span className="muted">冻结金额</span>
          <Money value={data?.frozen_balance ?? user.frozen_balance} />
        </div>
        <div>
          <span className="muted">彩票余额</span>
          <Money value={data?.lottery_balance ?? user.lottery_balance} />
        </div>
        <div>
          <span className="muted">剩余打码量</span>
          <Money value={data?.codingvolume ?? user.codingvolume} />
        </div>
      </div>
      {vip.data && vip.data.next_level !== null ? (
        <div className="vip-progress">
          <div className="vip-progress-text">
            <span>晋级 {vip.data.next_level_name} 进度</span>
            <span>{vip.data.progress}%</span>
          </div>
          <ProgressBar percent={vip.data.progress} />
        </div>
      ) : null}
      {shortcuts.length > 0 ? (
        <div className="balance-shortcuts">
          {shortcuts.map((entry) => (
            <button key={entry.path} type="button" onClick={() => void navigate(entry.path)}>
              <span className="balance-shortcut-icon">{entry.icon}</span>
              {entry.title}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
