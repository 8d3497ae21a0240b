import { afterFirstPaint } from '@/app/first-paint.ts';
import { logger } from '@/lib/logger.ts';
import { useSessionStore } from '../session/store.ts';

/**
 * Once the first page has painted, and at each login after that, looks for a game page this
 * browser left open for the member; only when there is one does the recall's code load
 * (recall.ts), so a member's start costs one IndexedDB read and no request. The note's reader
 * (left-open.ts) loads with the first member, never in a visitor's first load.
 */
export function watchLeftOpenGames(): void {
  if (typeof window === 'undefined') return;
  let looked: number | null = null;
  const look = () => {
    const { token, userinfo } = useSessionStore.getState();
    if (!token || !userinfo || userinfo.id === looked) return;
    const memberId = userinfo.id;
    looked = memberId;
    import('./left-open.ts')
      .then(({ openGameOf }) => openGameOf(memberId))
      .then(async (left) => {
        if (!left) return;
        const { recallLeftOpenGame } = await import('./recall.ts');
        await recallLeftOpenGame(memberId);
      })
      .catch((err: unknown) => logger.warn('games', '游戏余额自动转回未能运行', err));
  };
  afterFirstPaint(() => {
    look();
    useSessionStore.subscribe(look);
  });
}
