import { TOAST_MS } from '@app/shared';
import { queryClient } from '@/app/query-client.ts';
import { api } from '@/lib/api/client.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { logger } from '@/lib/logger.ts';
import { toast } from '@/lib/toast.tsx';
import { yuan } from '@/ui/Money.tsx';
import { mineKeys } from '../mine/queries.ts';
import { alone, forgetOpenGame, gamePageOpen, openGameOf } from './left-open.ts';
import { gameKeys } from './queries.ts';

/** How long the toast waits for the balance push of the same change to have shown. */
const AFTER_BALANCE_PUSH_MS = 800;

/**
 * At the app's start (and at a login): a game page this browser left open for the member, and
 * shut now, had its money still in the game wallet; it comes back to main at once, through the
 * same transfer as 全部转出 (out 0), keyed by the game's session so that two tabs starting
 * together, or a start after a lost answer, recall it once. A game still on screen in another tab
 * is left to play. What the server's idle recall would do after 30 minutes, done on the spot.
 */
export async function recallLeftOpenGame(memberId: number): Promise<void> {
  const left = await openGameOf(memberId);
  if (!left || (await gamePageOpen())) return;
  await alone('game-recall', async () => {
    const still = await openGameOf(memberId);
    if (still?.sessionId !== left.sessionId) return;
    try {
      const result = await api.post(
        '/v1/game/ng/transfer',
        { type: 'out', amount: 0 },
        { toast: false, idempotencyKey: `recall-${left.sessionId}` },
      );
      await forgetOpenGame(memberId, left.sessionId);
      // After the balance push of the same change (+X 余额变动, on the socket at about the same
      // moment): one toast shows at a time, and this one says where the money came from.
      const said =
        result.status === 'pending'
          ? () => toast.info('游戏余额转出处理中，请稍后查看余额')
          : result.amount !== '0.00'
            ? () => toast.success(`游戏余额 ${yuan(result.amount)} 元已转回主钱包`, TOAST_MS.balance)
            : null;
      if (said) setTimeout(said, AFTER_BALANCE_PUSH_MS);
    } catch (err) {
      // Refused: the lobby's 全部转出 and the server's idle recall remain. No answer: next start.
      if (err instanceof ApiError && (err.kind === 'business' || err.kind === 'http'))
        await forgetOpenGame(memberId, left.sessionId);
      logger.warn('games', '游戏余额自动转回失败', err);
    } finally {
      void queryClient.invalidateQueries({ queryKey: gameKeys.member });
      void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
    }
  });
}
