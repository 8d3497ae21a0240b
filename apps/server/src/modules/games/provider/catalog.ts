import type { GameEngine, GameTypeCode } from '@app/shared';
import { dragonTigerRtp, FISH_RTP_BP } from '../demo/engines.ts';
import { exactRtp, rtpPercent } from '../demo/slot-math.ts';

export interface CatalogPlatform {
  code: string;
  name: string;
  /** Colours of its icon tile. */
  colors: [string, string];
  sort: number;
}

export interface CatalogGame {
  id: number;
  code: string;
  name: string;
  platform: string;
  type: GameTypeCode;
  engine: GameEngine;
  /** Theme of the page (slot symbol set, table colours). */
  theme: 'fortune' | 'fruit' | 'dragon' | 'ocean' | 'toad' | 'crown';
  /** One or two characters drawn on the icon. */
  glyph: string;
  colors: [string, string];
  hot: boolean;
}

/** The demo aggregator's platforms (their names are ours, not real brands). */
export const DEMO_PLATFORMS: readonly CatalogPlatform[] = [
  { code: 'jcdz', name: '金彩电子', colors: ['#f7d37a', '#b8860b'], sort: 1 },
  { code: 'lfdz', name: '龙凤电子', colors: ['#ff8a65', '#c62828'], sort: 2 },
  { code: 'xhby', name: '星海捕鱼', colors: ['#4fc3f7', '#01579b'], sort: 3 },
  { code: 'hgqp', name: '皇冠棋牌', colors: ['#81c784', '#1b5e20'], sort: 4 },
];

export const DEMO_GAMES: readonly CatalogGame[] = [
  {
    id: 1001,
    code: 'jc_fortune',
    name: '财神到',
    platform: 'jcdz',
    type: 'slot',
    engine: 'slot',
    theme: 'fortune',
    glyph: '财',
    colors: ['#ffd54f', '#e65100'],
    hot: true,
  },
  {
    id: 1002,
    code: 'jc_fruit',
    name: '水果派对',
    platform: 'jcdz',
    type: 'slot',
    engine: 'slot',
    theme: 'fruit',
    glyph: '果',
    colors: ['#aed581', '#33691e'],
    hot: false,
  },
  {
    id: 2001,
    code: 'lf_dragon',
    name: '龙凤呈祥',
    platform: 'lfdz',
    type: 'slot',
    engine: 'slot',
    theme: 'dragon',
    glyph: '龙',
    colors: ['#ef9a9a', '#b71c1c'],
    hot: true,
  },
  {
    id: 2002,
    code: 'lf_toad',
    name: '金蟾捕鱼',
    platform: 'lfdz',
    type: 'fishing',
    engine: 'fishing',
    theme: 'toad',
    glyph: '蟾',
    colors: ['#ffe082', '#bf360c'],
    hot: false,
  },
  {
    id: 3001,
    code: 'xh_ocean',
    name: '深海捕鱼',
    platform: 'xhby',
    type: 'fishing',
    engine: 'fishing',
    theme: 'ocean',
    glyph: '鱼',
    colors: ['#80deea', '#0d47a1'],
    hot: true,
  },
  {
    id: 4001,
    code: 'hg_dragon_tiger',
    name: '龙虎斗',
    platform: 'hgqp',
    type: 'table',
    engine: 'dragon_tiger',
    theme: 'crown',
    glyph: '龙虎',
    colors: ['#a5d6a7', '#1b5e20'],
    hot: true,
  },
];

export function findGame(code: string): CatalogGame | undefined {
  return DEMO_GAMES.find((g) => g.code === code);
}

export function findPlatform(code: string): CatalogPlatform | undefined {
  return DEMO_PLATFORMS.find((p) => p.code === code);
}

const slotRtp = `${rtpPercent(exactRtp())}%`;
const dtRtp = `${rtpPercent(dragonTigerRtp('dragon'))}%`;
const fishRtp = `${rtpPercent({ numerator: BigInt(FISH_RTP_BP), denominator: 10_000n })}%`;

/** The published return to player of a game (exact, from the game's own tables). */
export function rtpOf(game: CatalogGame): string {
  switch (game.engine) {
    case 'slot':
      return slotRtp;
    case 'dragon_tiger':
      return dtRtp;
    case 'fishing':
      return fishRtp;
  }
}
