import { BET_MESSAGES, type BetMode, type BetType, type Sport } from '@app/shared';
import { Dialog, DotLoading, ErrorBlock, InfiniteScroll, NavBar, Tabs } from 'antd-mobile';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { hasRoute } from '@/app/registry.ts';
import { toast } from '@/lib/toast.tsx';
import { useUrlParam } from '@/ui/hooks.ts';
import { Money } from '@/ui/Money.tsx';
import { useBack } from '@/ui/use-back.ts';
import { useBalanceQuery } from '../../mine/queries.ts';
import { useOrderPushes } from '../../orders/pushes.ts';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import { useAppConfigQuery } from '../../site/queries.ts';
import { BetFiltersBar } from '../components/BetFiltersBar.tsx';
import { BetMatchCard } from '../components/BetMatchCard.tsx';
import { BetSlip } from '../components/BetSlip.tsx';
import { betTypeFromParam, betTypesOf, SPORT_NAMES, type Market, type Match } from '../model.ts';
import { useBetListQuery, useOpenStatsQuery } from '../queries.ts';
import {
  chooseBetType,
  chooseMode,
  enterSport,
  isOptionSelected,
  noteSlipMatches,
  toggleOption,
  useSlipStore,
} from '../slip/store.ts';
import { slipMaxPasses } from '../slip/preview.ts';
import { beijingDate, dayHeading } from '../time.ts';
import { serverNow } from '../clock.ts';
import { CLOSED_REASON_TEXT, closedReason } from '../deadline.ts';
import { useSalesDeadlines } from '../use-deadlines.ts';
import { NoticeBar } from '../../notices/NoticeBar.tsx';
import '../sports.css';
import { ListEnd } from '@/ui/ListEnd.tsx';

const NO_KEYS: ReadonlySet<string> = new Set();
const ORDER_LIST_PATH = '/betPages/order/list';

function groupByDay(matches: Match[]): Array<{ date: string; matches: Match[] }> {
  const groups: Array<{ date: string; matches: Match[] }> = [];
  for (const match of matches) {
    const date = beijingDate(match.kickoff_at);
    const last = groups[groups.length - 1];
    if (last?.date === date) last.matches.push(match);
    else groups.push({ date, matches: [match] });
  }
  return groups;
}

/** Asks before an action that empties a non-empty slip (SPEC.md §4 clears it on these changes). */
async function confirmClearing(count: number, what: string): Promise<boolean> {
  if (count === 0) return true;
  return Dialog.confirm({
    title: '清空投注单？',
    content: `${what}将清空已选的${count}个选项。`,
    confirmText: '确定',
    cancelText: '取消',
  });
}

/** betPages/{football|basketball}/index: open matches by day and league, odds per bet type, the slip. */
export function BetPage({ sport }: { sport: Sport }) {
  const navigate = useNavigate();
  const back = useBack();
  const betTypeParam = useUrlParam('betType');
  const [, setParams] = useSearchParams();
  const loggedIn = useSessionStore(selectLoggedIn);
  const balance = useBalanceQuery();
  const slip = useSlipStore((s) => s.slip);
  const [date, setDate] = useState('all');
  const [leagueId, setLeagueId] = useState(0);
  useOrderPushes();

  // The slip belongs to one sport; a bet type in the URL (from the hub's shortcuts) is applied once.
  useLayoutEffect(() => {
    enterSport(sport);
    if (betTypeParam) chooseBetType(betTypeFromParam(sport, betTypeParam));
  }, [sport, betTypeParam]);

  const ready = slip.currentSport === sport;
  const betType = ready ? slip.currentBetType : betTypeFromParam(sport, betTypeParam);
  const list = useBetListQuery(sport, betType, date, leagueId);
  const allStats = useOpenStatsQuery(sport);
  const dayStats = useOpenStatsQuery(sport, date);
  // The server lists what it sells. A match that stops selling while shown (its deadline by the
  // server's clock, or a push saying it started) stays, greyed out, until the list is read again.
  const matches = useMemo(
    () =>
      (list.data?.pages.flatMap((p) => p.list) ?? []).filter(
        (m) => m.betting_open || m.status !== 'scheduled',
      ),
    [list.data],
  );
  const groups = useMemo(() => groupByDay(matches), [matches]);
  const closedIds = useSalesDeadlines(matches);

  // Pre-match odds move: the slip shows a picked option's new price beside the one accepted.
  useEffect(() => {
    if (matches.length > 0) noteSlipMatches(matches);
  }, [matches]);

  const selected = useMemo(() => {
    const byMatch = new Map<string, Set<string>>();
    for (const s of slip.selectedBets) {
      if (s.betType !== betType) continue;
      const keys = byMatch.get(s.matchId) ?? new Set<string>();
      keys.add(s.option);
      byMatch.set(s.matchId, keys);
    }
    return byMatch;
  }, [slip.selectedBets, betType]);

  const onTap = useCallback(
    (match: Match, market: Market, option: Market['options'][number]) => {
      // Between two looks at the clock: never add an option the server would refuse.
      const reason = closedReason(match, market, serverNow());
      const picked = isOptionSelected(useSlipStore.getState().slip, {
        matchId: String(match.id),
        sport,
        betType: market.bet_type as BetType,
        option: option.key,
      });
      if (reason && !picked) {
        toast.warning(`${match.match_no} ${CLOSED_REASON_TEXT[reason]}`);
        return;
      }
      if (!market.single && !picked && useSlipStore.getState().slip.betMode === 'single') {
        toast.warning(BET_MESSAGES.singleNotOffered);
        return;
      }
      const update = toggleOption(
        {
          matchId: String(match.id),
          sport,
          betType: market.bet_type as BetType,
          option: option.key,
          odds: option.odds,
          line: market.line,
        },
        match,
      );
      if (!update.ok) toast.warning(update.message);
    },
    [sport],
  );

  const switchBetType = async (next: BetType) => {
    if (next === betType) return;
    // 混合过关 keeps the slip, so one parlay mixes play types; a single-mode slip is one play type.
    if (slip.betMode === 'single' && !(await confirmClearing(slip.selectedBets.length, '切换玩法'))) return;
    chooseBetType(next);
    // The URL follows, so coming back to it (after logging in, say) keeps this bet type and the slip.
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        merged.set('betType', next);
        return merged;
      },
      { replace: true },
    );
  };
  const switchMode = async (next: BetMode) => {
    if (next === slip.betMode) return;
    if (next === 'mixed' && !(await confirmClearing(slip.selectedBets.length, '切换到混合过关'))) return;
    chooseMode(next);
  };
  const maxPasses = slipMaxPasses(slip);
  const { data: config } = useAppConfigQuery();
  const closed = config?.nav_sports_enabled === false;

  return (
    <div className="page bet-page" data-testid={`bet-page-${sport}`}>
      <NavBar
        className="page-nav"
        back=""
        onBack={back}
        right={
          loggedIn && hasRoute(ORDER_LIST_PATH) ? (
            <button type="button" className="nav-link" onClick={() => void navigate(ORDER_LIST_PATH)}>
              我的注单
            </button>
          ) : null
        }
      >
        竞彩{SPORT_NAMES[sport]}
      </NavBar>

      <NoticeBar category={2} className="bet-notice" />
      <div className="bet-top">
        <div className="bet-mode-row">
          <div className="mode-switch" role="tablist" aria-label="投注方式">
            {(['single', 'mixed'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                role="tab"
                aria-selected={slip.betMode === mode}
                className={slip.betMode === mode ? 'mode-item active' : 'mode-item'}
                onClick={() => void switchMode(mode)}
              >
                {mode === 'single' ? '单关' : '混合过关'}
              </button>
            ))}
          </div>
          <span className="bet-mode-hint">
            {slip.betMode === 'mixed' ? `最多${maxPasses}关` : '每场独立计奖'}
          </span>
          <span className="bet-balance" data-testid="bet-balance">
            {loggedIn ? (
              <>
                余额 <Money value={balance.data?.balance ?? null} />
              </>
            ) : null}
          </span>
        </div>
        <Tabs
          className="bet-type-tabs"
          activeKey={betType}
          onChange={(key) => void switchBetType(key as BetType)}
        >
          {betTypesOf(sport).map((p) => (
            <Tabs.Tab key={p.betType} title={p.name} />
          ))}
        </Tabs>
        <BetFiltersBar
          allStats={allStats.data}
          dayStats={dayStats.data}
          date={date}
          leagueId={leagueId}
          onDate={(next) => {
            setDate(next);
            setLeagueId(0);
          }}
          onLeague={setLeagueId}
        />
      </div>

      <div className="page-body bet-list">
        {closed ? (
          <ErrorBlock status="default" title="竞彩投注暂未开放" description="请稍后再来" />
        ) : list.isPending ? (
          <div className="page-loading">
            <DotLoading color="primary" />
            <span>加载赛事中</span>
          </div>
        ) : list.isError && matches.length === 0 ? (
          <ErrorBlock status="disconnected" title="赛事加载失败" description="请检查网络后下拉或点击重试">
            <button type="button" className="retry-link" onClick={() => void list.refetch()}>
              重新加载
            </button>
          </ErrorBlock>
        ) : matches.length === 0 ? (
          <ErrorBlock status="empty" title="暂无可投注的比赛" description="换个日期或联赛看看" />
        ) : (
          <>
            {groups.map((group) => (
              <section key={group.date} className="day-group">
                <h3 className="day-heading">
                  {dayHeading(group.date)}
                  <small>
                    {(leagueId === 0
                      ? allStats.data?.dates.find((d) => d.date === group.date)?.count
                      : null) ?? group.matches.length}
                    场
                  </small>
                </h3>
                {group.matches.map((match) => (
                  <BetMatchCard
                    key={match.id}
                    match={match}
                    betType={betType}
                    selectedKeys={selected.get(String(match.id)) ?? NO_KEYS}
                    closed={closedIds.has(match.id)}
                    singleMode={slip.betMode === 'single'}
                    onTap={onTap}
                  />
                ))}
              </section>
            ))}
            <InfiniteScroll
              loadMore={async () => {
                await list.fetchNextPage();
              }}
              hasMore={list.hasNextPage}
            >
              <ListEnd
                more={list.hasNextPage}
                loading={list.isFetchingNextPage}
                className="list-end"
                end="没有更多比赛了"
              />
            </InfiniteScroll>
          </>
        )}
      </div>

      {closed ? null : (
        <BetSlip
          balance={loggedIn ? (balance.data?.balance ?? null) : null}
          onPlaced={(result) =>
            void navigate(`/betPages/order/detail?order_no=${encodeURIComponent(result.order_no)}`)
          }
        />
      )}
    </div>
  );
}
