import { FREE_BET_STATUSES } from '@app/shared';
import { Tabs } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { hasRoute } from '@/app/registry.ts';
import { formatDateTime } from '@/ui/format.ts';
import { yuan } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { PagedList } from '@/ui/PagedList.tsx';
import { FreeBetCard } from '../components/FreeBetCard.tsx';
import { useFreeBetsQuery, type FreeBet, type FreeBetTab } from '../queries.ts';

const TABS: Array<{ key: FreeBetTab; title: string; empty: string; hint: string }> = [
  {
    key: 'available',
    title: '可使用',
    empty: '暂无可使用的免费投注券',
    hint: '活动发放的免费投注券会出现在这里',
  },
  {
    key: 'history',
    title: '历史记录',
    empty: '暂无历史记录',
    hint: '已使用、已过期和已作废的免费投注券会出现在这里',
  },
];

const FOOTBALL_PATH = '/betPages/football/index';

function TicketItem({ ticket }: { ticket: FreeBet }) {
  const navigate = useNavigate();
  const available = ticket.status === 'available';
  return (
    <div data-testid="free-bet-card" data-status={ticket.status}>
      <FreeBetCard ticket={ticket} muted={!available}>
        <span className="fb-foot">
          <span className={`fb-status ${ticket.status}`} data-testid="free-bet-status">
            {FREE_BET_STATUSES[ticket.status]}
          </span>
          {available && hasRoute(FOOTBALL_PATH) ? (
            <button type="button" className="fb-use fb-go" onClick={() => void navigate(FOOTBALL_PATH)}>
              去投注 ›
            </button>
          ) : null}
          {ticket.order_no ? (
            <span className="fb-order">
              订单{' '}
              <button
                type="button"
                data-testid="free-bet-order"
                onClick={() =>
                  void navigate(
                    `/betPages/order/detail?order_no=${encodeURIComponent(ticket.order_no ?? '')}`,
                  )
                }
              >
                {ticket.order_no}
              </button>
            </span>
          ) : null}
          {ticket.status === 'used' ? (
            // What its order paid the member net of the stake, once settled.
            <span className="fb-winnings" data-testid="free-bet-winnings">
              {ticket.winnings === null ? (
                '待开奖'
              ) : (
                <>
                  实得 <b>{yuan(ticket.winnings)}</b>元
                </>
              )}
            </span>
          ) : null}
          {ticket.used_at ? <span className="fb-order">使用于 {formatDateTime(ticket.used_at)}</span> : null}
        </span>
      </FreeBetCard>
    </div>
  );
}

/** minePages/free-bets (免费投注券): tickets to use now, and those used, expired or revoked. */
export default function FreeBetsPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.key === params.get('tab')) ?? TABS[0]!;
  const list = useFreeBetsQuery(tab.key);
  return (
    <Page title="免费投注券" bodyClassName="fb-page">
      <Tabs
        className="hub-tabs sticky"
        activeKey={tab.key}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
      >
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      {tab.key === 'available' ? (
        <p className="fb-page-note">
          投注时在投注单中选择免费投注券：券面金额即投注金额，实付0元；中奖返还不含本金。
        </p>
      ) : null}
      <PagedList
        query={list}
        keyOf={(t) => t.id}
        renderItem={(t) => <TicketItem ticket={t} />}
        emptyTitle={tab.empty}
        emptyDescription={tab.hint}
        testId={`free-bets-${tab.key}`}
      />
    </Page>
  );
}
