import type { GameTypeCode, GameView } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CapsuleTabs, DotLoading, ErrorBlock, PullToRefresh, SearchBar, Tabs } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '@/lib/navigation.ts';
import { toast } from '@/lib/toast.tsx';
import { Page } from '@/ui/Page.tsx';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import { EnterGamePopup } from '../components/EnterGamePopup.tsx';
import { GameWallet } from '../components/GameWallet.tsx';
import { gamePagePath } from '../model.ts';
import {
  filterGames,
  gameKeys,
  useEnterGameMutation,
  useGamesQuery,
  useGameTypesQuery,
  usePlatformsQuery,
  useTransferInMutation,
} from '../queries.ts';
import '../games.css';

/** gamelistPages/soltlist: the slot and casino lobby — platforms, types, search, and the way in. */
export default function SlotListPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const loggedIn = useSessionStore(selectLoggedIn);
  const platforms = usePlatformsQuery();
  const types = useGameTypesQuery();
  const games = useGamesQuery();
  const [platform, setPlatform] = useState('all');
  const [type, setType] = useState<GameTypeCode | 'all'>('all');
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<GameView | null>(null);
  const transferIn = useTransferInMutation();
  const enter = useEnterGameMutation();
  const shown = filterGames(games.data?.list ?? [], { platform, type, keyword });

  const open = (game: GameView) => {
    if (!loggedIn) {
      toast.info('请先登录');
      void navigate(loginPathFor(location.pathname + location.search));
      return;
    }
    setChosen(game);
  };

  const go = async (amount: string | null) => {
    if (!chosen) return;
    try {
      if (amount) {
        const moved = await transferIn.mutateAsync(amount);
        if (moved.status === 'pending') toast.info('转账处理中，到账后游戏余额会自动更新');
      }
      await enter.mutateAsync(chosen.code);
      const code = chosen.code;
      setChosen(null);
      void navigate(gamePagePath(code));
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Page
      title="电子游戏"
      right={
        loggedIn ? (
          <button
            type="button"
            className="gm-nav-btn"
            aria-label="游戏记录"
            onClick={() => void navigate('/financePages/gamerecords')}
          >
            <BillOutline />
          </button>
        ) : null
      }
    >
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([
            queryClient.refetchQueries({ queryKey: gameKeys.all, type: 'active' }),
            queryClient.refetchQueries({ queryKey: gameKeys.member, type: 'active' }),
          ]);
        }}
      >
        <div className="gm-top">
          {loggedIn ? <GameWallet /> : null}
          <SearchBar
            className="gm-search"
            placeholder="搜索游戏或平台"
            value={keyword}
            onChange={setKeyword}
            data-testid="game-search"
          />
        </div>
        <Tabs className="gm-platforms sticky" activeKey={platform} onChange={setPlatform}>
          <Tabs.Tab key="all" title="全部平台" />
          {(platforms.data?.list ?? []).map((p) => (
            <Tabs.Tab key={p.code} title={p.name} />
          ))}
        </Tabs>
        <CapsuleTabs
          className="gm-types"
          activeKey={type}
          onChange={(key) => setType(key as GameTypeCode | 'all')}
        >
          <CapsuleTabs.Tab key="all" title="全部" />
          {(types.data?.list ?? []).map((t) => (
            <CapsuleTabs.Tab key={t.code} title={t.name} />
          ))}
        </CapsuleTabs>
        {games.isPending ? (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        ) : games.error ? (
          <ErrorBlock status="disconnected" title={games.error.message} description="下拉可重新加载" />
        ) : shown.length === 0 ? (
          <ErrorBlock status="empty" title="没有找到游戏" description="换个平台、类型或搜索词试试" />
        ) : (
          <div className="gm-grid" data-testid="game-grid">
            {shown.map((g) => (
              <button
                key={g.code}
                type="button"
                className="gm-card"
                onClick={() => open(g)}
                data-testid={`game-${g.code}`}
              >
                <img src={g.icon} alt="" loading="lazy" />
                {g.hot ? <span className="gm-hot">HOT</span> : null}
                <strong>{g.name}</strong>
                <span className="muted">{g.platform_name}</span>
              </button>
            ))}
          </div>
        )}
      </PullToRefresh>
      <EnterGamePopup
        game={chosen}
        busy={transferIn.isPending || enter.isPending}
        onClose={() => setChosen(null)}
        onEnter={(amount) => void go(amount)}
      />
    </Page>
  );
}
