import type { GameDataView } from '@app/shared';
import { DotLoading, ErrorBlock, NavBar } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useBack } from '@/ui/use-back.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { toast } from '@/lib/toast.tsx';
import { Money, yuan } from '@/ui/Money.tsx';
import { mineKeys } from '../../mine/queries.ts';
import { useSessionStore } from '../../session/store.ts';
import { forgetOpenGame, holdGamePageLock, rememberOpenGame } from '../left-open.ts';
import { isGameDataFresh } from '../model.ts';
import { gameKeys, transferAllOut, useEnterGameMutation, useGameBalanceQuery } from '../queries.ts';
import { useGameDataStore } from '../store.ts';
import '../games.css';

let leaveTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * pages/game/game: the game's own page in a frame, the wallets above it, and a back button.
 * Leaving the page (back, another route, closing the tab) moves the whole game wallet back to
 * the main wallet: `out` with 0, as SPEC.md §7 says. A tab closed before that transfer is answered
 * leaves a note (left-open.ts) and the next start of the app recalls the money (recall.ts); while
 * the page is on screen it holds a lock that tells other tabs the game is still being played.
 */
export default function GamePage() {
  const code = useUrlParam('code');
  const back = useBack();
  const queryClient = useQueryClient();
  const stored = useGameDataStore((s) => s.byCode[code]);
  // Decided once on arrival: the frame keeps its session while the member plays (rounds keep it alive).
  const [data, setData] = useState<GameDataView | null>(() => (isGameDataFresh(stored) ? stored! : null));
  const enter = useEnterGameMutation();
  const balance = useGameBalanceQuery();
  const [gameBalance, setGameBalance] = useState<string | null>(null);
  const asked = useRef(false);
  const memberId = useSessionStore((s) => s.userinfo?.id);
  /** The game this page noted as open, forgotten once the transfer-out on leaving is answered. */
  const noted = useRef<{ memberId: number; sessionId: string } | null>(null);

  useEffect(() => holdGamePageLock(), []);

  useEffect(() => {
    if (!data || memberId === undefined) return;
    noted.current = { memberId, sessionId: data.session_id };
    void rememberOpenGame({
      memberId,
      sessionId: data.session_id,
      gameCode: data.game_code,
      openedAt: Date.now(),
    });
  }, [data, memberId]);

  // Game data older than 5 minutes (or none after a reload) is asked for again.
  useEffect(() => {
    if (!code || data || asked.current) return;
    asked.current = true;
    enter.mutate(code, { onSuccess: setData });
  }, [code, data, enter]);

  // The game page reports its balance after each round.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const msg = event.data as { type?: string; balance?: string } | null;
      if (msg?.type === 'ng-game-balance' && typeof msg.balance === 'string') setGameBalance(msg.balance);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // The automatic transfer-out, once, when the member leaves. Deferred by a tick so that React's
  // development double mount (unmount + mount at once) does not take the money out on arrival.
  useEffect(() => {
    if (leaveTimer) clearTimeout(leaveTimer);
    leaveTimer = undefined;
    let done = false;
    const leave = () => {
      if (done) return;
      done = true;
      transferAllOut()
        .then((r) => {
          if (noted.current) void forgetOpenGame(noted.current.memberId, noted.current.sessionId);
          if (r.status === 'pending') toast.info('游戏余额转出处理中，请稍后查看余额');
          else if (r.amount !== '0.00') toast.success(`游戏余额 ${yuan(r.amount)} 元已转回主钱包`);
        })
        .catch((err: unknown) =>
          toast.error(err instanceof Error ? `游戏余额转出失败：${err.message}` : '游戏余额转出失败'),
        )
        .finally(() => {
          void queryClient.invalidateQueries({ queryKey: gameKeys.member });
          void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
        });
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leaveTimer = setTimeout(leave, 0);
    };
  }, [queryClient]);

  const shownGame = gameBalance ?? balance.data?.game_balance ?? null;
  return (
    <div className="page gm-game-page">
      <NavBar className="page-nav" onBack={back} back="" right={null}>
        {data?.game_name ?? '游戏'}
      </NavBar>
      <div className="gm-game-bar" data-testid="game-bar">
        <span>
          主钱包 <Money value={balance.data?.main_balance} />
        </span>
        <span>
          游戏钱包 <Money className="gm-game-balance" value={shownGame} />
        </span>
        <span className="muted">返回时自动转回主钱包</span>
      </div>
      <div className="gm-game-frame">
        {!code ? (
          <ErrorBlock status="empty" title="未指定游戏" description="请从游戏大厅进入" />
        ) : data ? (
          <iframe title={data.game_name} src={data.game_url} data-testid="game-frame" />
        ) : enter.isError ? (
          <ErrorBlock status="disconnected" title={enter.error.message} description="返回游戏大厅重新进入" />
        ) : (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        )}
      </div>
    </div>
  );
}
