import { useQueryClient } from '@tanstack/react-query';
import { DotLoading, ErrorBlock, PullToRefresh } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { Page } from '@/ui/Page.tsx';
import { LiveCountdown } from '../components/Countdown.tsx';
import { FAMILY_MARK } from '../components/LotteryCard.tsx';
import { OpenCode } from '../components/OpenCode.tsx';
import { useLotteryLive } from '../live.ts';
import { gamePath } from '../model.ts';
import { lotteryKeys, useLotteryListQuery } from '../queries.ts';
import '../lottery.css';

/** pages/lottery/lottery-categories: the five families, what each draws, and their games. */
export default function LotteryCategoriesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useLotteryListQuery('all');
  const lotteries = list.data?.list ?? [];
  useLotteryLive(lotteries.map((l) => l.code));

  return (
    <Page title="彩种分类">
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: lotteryKeys.all, type: 'active' })}
      >
        {list.isPending ? (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        ) : list.error && lotteries.length === 0 ? (
          <ErrorBlock status="disconnected" title={list.error.message} description="下拉可重新加载" />
        ) : (
          <div className="lt-categories" data-testid="lottery-categories">
            {(list.data?.categories ?? []).map((c) => (
              <section key={c.type} className="card lt-category">
                <header className="lt-category-head">
                  <span className={`lt-card-mark lt-mark-${c.type}`}>{FAMILY_MARK[c.type]}</span>
                  <span className="lt-category-text">
                    <strong>{c.name}</strong>
                    <span className="hint">{c.description}</span>
                  </span>
                  <span className="muted">{c.count}个彩种</span>
                </header>
                <div className="lt-category-games">
                  {lotteries
                    .filter((l) => l.type === c.type)
                    .map((l) => (
                      <button
                        key={l.code}
                        type="button"
                        className="lt-category-game"
                        onClick={() => void navigate(gamePath(l.code))}
                      >
                        <span className="lt-category-game-name">
                          <strong>{l.name}</strong>
                          <span className="hint">{l.schedule_text}</span>
                        </span>
                        <LiveCountdown period={l.current} compact />
                        <OpenCode family={l.type} code={l.latest?.open_code ?? null} size="sm" />
                      </button>
                    ))}
                </div>
              </section>
            ))}
          </div>
        )}
      </PullToRefresh>
    </Page>
  );
}
