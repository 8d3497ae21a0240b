import { randomBytes } from 'node:crypto';
import {
  GAME_SESSION_TTL_MS,
  GAME_TYPE_NAMES,
  GAME_TYPES,
  type GameDataView,
  type GameTypeCode,
  type GameView,
  type NgPlatformView,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { refuse } from '../../lib/errors.ts';
import * as repo from './games.repo.ts';
import { assertMayPlay } from './games.rules.ts';
import { rtpOf, type CatalogGame } from './provider/catalog.ts';
import { ProviderRejected, withTimeout, type GameProvider } from './provider/provider.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';

export interface GameFilter {
  platform?: string | undefined;
  game_type?: GameTypeCode | undefined;
  keyword?: string | undefined;
}

export const iconUrl = (code: string) => `/games/demo/icons/${code}.svg`;

/** The catalogue (platforms, types, games) and entering a game (SPEC.md §7 "Games"). */
export class GamesService {
  constructor(
    private readonly db: Db,
    private readonly provider: GameProvider,
    private readonly clock: Clock,
    private readonly options: { timeoutMs: number; publicUrl: string | undefined },
    private readonly responsible: Pick<ResponsiblePlayService, 'assertNotExcluded'>,
  ) {}

  gameTypes() {
    const offered = new Set(this.provider.games().map((g) => g.type));
    return {
      list: GAME_TYPES.filter((t) => offered.has(t.code)).map((t) => ({ code: t.code, name: t.name })),
    };
  }

  platforms(gameType?: GameTypeCode): { list: NgPlatformView[] } {
    const games = this.provider.games();
    const list = [...this.provider.platforms()]
      .sort((a, b) => a.sort - b.sort)
      .map((p) => {
        const own = games.filter((g) => g.platform === p.code);
        return {
          code: p.code,
          name: p.name,
          icon: iconUrl(p.code),
          game_types: [...new Set(own.map((g) => g.type))],
          game_count: own.length,
        };
      })
      .filter((p) => p.game_count > 0 && (!gameType || p.game_types.includes(gameType)));
    return { list };
  }

  games(filter: GameFilter): { list: GameView[] } {
    const keyword = filter.keyword?.toLowerCase();
    const list = this.provider
      .games()
      .filter(
        (g) =>
          (!filter.platform || g.platform === filter.platform) &&
          (!filter.game_type || g.type === filter.game_type) &&
          (!keyword || g.name.toLowerCase().includes(keyword) || g.code.includes(keyword)),
      )
      .map((g) => this.view(g));
    return { list };
  }

  /** Game data for a game (by catalogue id or code): a launch session valid for 5 minutes. */
  async enter(
    memberId: number,
    which: { id: number } | { code: string },
    now = this.clock.now(),
  ): Promise<GameDataView> {
    await assertMayPlay(this.db, memberId);
    // A game is played with money already at the provider: no game during a time-out or self-exclusion.
    await this.responsible.assertNotExcluded(this.db, memberId, now, 'play');
    const game = this.provider
      .games()
      .find((g) => ('id' in which ? g.id === which.id : g.code === which.code));
    if (!game) throw refuse('games.not_found');
    const sessionId = `${this.provider.code}_${memberId}_${now.getTime()}_${randomBytes(8).toString('hex')}`;
    const expiresAt = new Date(now.getTime() + GAME_SESSION_TTL_MS);
    let path: string;
    try {
      path = await withTimeout(
        this.provider.launchUrl({ sessionId, memberId, game, expiresAt }),
        this.options.timeoutMs,
        'launch',
        this.clock,
      );
    } catch (err) {
      if (err instanceof ProviderRejected) throw refuse('games.provider_rejected', { problem: err.message });
      throw refuse('games.provider_unavailable');
    }
    const gameUrl =
      this.options.publicUrl && path.startsWith('/') ? `${this.options.publicUrl}${path}` : path;
    await repo.insertSession(this.db, {
      sessionId,
      memberId,
      provider: this.provider.code,
      gameCode: game.code,
      gameUrl,
      createdAt: now,
      expiresAt,
    });
    return {
      game_url: gameUrl,
      session_id: sessionId,
      timestamp: Math.floor(now.getTime() / 1000),
      expires_at: expiresAt.toISOString(),
      game_code: game.code,
      game_name: game.name,
      platform: game.platform,
    };
  }

  private view(g: CatalogGame): GameView {
    const platform = this.provider.platforms().find((p) => p.code === g.platform);
    return {
      id: g.id,
      code: g.code,
      name: g.name,
      icon: iconUrl(g.code),
      platform: g.platform,
      platform_name: platform?.name ?? g.platform,
      game_type: g.type,
      game_type_name: GAME_TYPE_NAMES[g.type],
      rtp: rtpOf(g),
      hot: g.hot,
    };
  }
}
