import type { AgentBet, AgentRecord } from '@app/shared';
import { Tag } from 'antd-mobile';
import { formatDateTime } from '@/ui/format.ts';
import { Money, yuan } from '@/ui/Money.tsx';

const WALLETS: Record<string, string> = { main: '主钱包', frozen: '冻结', lottery: '彩票钱包' };

/** One ledger entry of a member. */
export function RecordCard({ item, showMember }: { item: AgentRecord; showMember: boolean }) {
  const negative = item.amount.startsWith('-');
  return (
    <div className="card ag-row" data-testid="agent-record">
      <div className="ag-row-head">
        <strong>{item.type_text}</strong>
        {showMember ? <span className="muted">{item.username}</span> : null}
        <span className="hint ag-row-time">{formatDateTime(item.created_at, true)}</span>
      </div>
      <div className="ag-row-body">
        <span className="hint">
          {WALLETS[item.wallet] ?? item.wallet} · 余额 {yuan(item.balance_after)}
          {item.remark ? ` · ${item.remark}` : ''}
        </span>
        <Money
          className={negative ? 'ag-minus' : 'ag-plus'}
          value={negative ? item.amount : `+${item.amount}`}
        />
      </div>
    </div>
  );
}

const STATUS_COLORS: Record<string, 'warning' | 'success' | 'default' | 'primary'> = {
  pending: 'warning',
  won: 'success',
  lost: 'default',
  refunded: 'primary',
  cancelled: 'default',
};

/** One sports order or lottery bet of a member. */
export function BetCard({ item }: { item: AgentBet }) {
  return (
    <div className="card ag-row" data-testid="agent-bet">
      <div className="ag-row-head">
        <Tag color={item.kind === 'sports' ? 'primary' : 'warning'}>
          {item.kind === 'sports' ? '体育' : '彩票'}
        </Tag>
        <strong>{item.title}</strong>
        <Tag className="ag-row-time" color={STATUS_COLORS[item.status] ?? 'default'}>
          {item.status_text}
        </Tag>
      </div>
      <div className="ag-row-body">
        <span className="hint mono">{item.no}</span>
        <span className="hint">{formatDateTime(item.created_at)}</span>
      </div>
      <div className="ag-row-body">
        <span>
          投注 <Money value={item.amount} />
        </span>
        <span>
          派奖 <Money className={item.payout !== '0.00' ? 'ag-plus' : undefined} value={item.payout} />
        </span>
      </div>
    </div>
  );
}
