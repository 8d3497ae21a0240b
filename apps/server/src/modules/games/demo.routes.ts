import { randomBytes } from 'node:crypto';
import { formatFen, GAME_SESSION_TTL_MS, parseYuan } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuse } from '../../lib/errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { cspHeader } from '../../plugins/security-headers.ts';
import { DT_BETS_FEN, DT_CHOICES, FISH_BETS_FEN, FISH_CODES } from './demo/engines.ts';
import { errorPage, gamePage } from './demo/page.ts';
import { SLOT_BETS_FEN } from './demo/slot-math.ts';
import { DEMO_GAMES, DEMO_PLATFORMS } from './provider/catalog.ts';
import { ProviderRejected } from './provider/provider.ts';
import type { PlayInput } from './simulator.ts';

const sessionField = z.string().regex(/^[A-Za-z0-9_]{8,120}$/, '游戏会话格式不正确');
const playBody = z.object({
  session: sessionField,
  bet: z.string({ error: '请选择投注额' }).regex(/^\d{1,6}\.\d{2}$/, '投注额格式不正确'),
  choice: z.enum(DT_CHOICES).optional(),
  fish: z.enum(FISH_CODES).optional(),
});

const BETS: Record<PlayInput['engine'], readonly bigint[]> = {
  slot: SLOT_BETS_FEN,
  dragon_tiger: DT_BETS_FEN,
  fishing: FISH_BETS_FEN,
};

/**
 * The demo provider's own web face: the game pages a game_url opens, their play API, and the
 * catalogue icons. No member token here (it is the provider's site): the launch session is
 * the credential, as with a real aggregator's game URL.
 */
export const demoGameRoutes: FastifyPluginAsyncZod = async (app) => {
  const sim = app.services.demoProvider;

  app.get(
    '/games/demo/play',
    { schema: { hide: true, querystring: z.object({ session: z.string().max(200).optional() }) } },
    async (request, reply) => {
      // The page's inline scripts run under the site's policy plus this response's nonce.
      const nonce = randomBytes(16).toString('base64');
      void reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          cspHeader(app.contentSecurityPolicy, { 'script-src': [`'nonce-${nonce}'`] }),
        );
      const sessionId = request.query.session ?? '';
      try {
        const { game, balance } = await sim.openSession(sessionId);
        return gamePage(game, sessionId, formatFen(balance), nonce);
      } catch (err) {
        if (err instanceof ProviderRejected) return errorPage(err.message);
        throw err;
      }
    },
  );

  app.post('/games/demo/api/play', { schema: { hide: true, body: playBody } }, async (request) => {
    const { session, bet, choice, fish } = request.body;
    const parsed = parseYuan(bet);
    if (!parsed.ok) throw refuse('games.demo_bet_format');
    let game;
    try {
      game = await sim.sessionGame(session);
    } catch (err) {
      if (err instanceof ProviderRejected) throw refuse('games.provider_rejected', { problem: err.message });
      throw err;
    }
    if (!BETS[game.engine].includes(parsed.fen)) throw refuse('games.demo_bet_unsupported');
    let input: PlayInput;
    if (game.engine === 'dragon_tiger') {
      if (!choice) throw refuse('games.demo_side_missing');
      input = { engine: 'dragon_tiger', bet: parsed.fen, choice };
    } else if (game.engine === 'fishing') {
      if (!fish) throw refuse('games.demo_target_missing');
      input = { engine: 'fishing', bet: parsed.fen, fish };
    } else input = { engine: 'slot', bet: parsed.fen };
    try {
      const result = await sim.play(session, input, GAME_SESSION_TTL_MS);
      return ok(result, '成功');
    } catch (err) {
      if (err instanceof ProviderRejected) throw refuse('games.provider_rejected', { problem: err.message });
      throw err;
    }
  });

  app.get(
    '/games/demo/icons/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9_]{2,40}\.svg$/) }) } },
    async (request, reply) => {
      const code = request.params.file.slice(0, -4);
      const game = DEMO_GAMES.find((g) => g.code === code);
      const platform = DEMO_PLATFORMS.find((p) => p.code === code);
      if (!game && !platform) throw refuse('games.demo_icon_not_found');
      const [from, to] = game?.colors ?? platform!.colors;
      const glyph = game?.glyph ?? platform!.name.slice(0, 2);
      void reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400');
      return iconSvg(code, glyph, from, to);
    },
  );
};

function iconSvg(id: string, glyph: string, from: string, to: string): string {
  const size = glyph.length > 1 ? 34 : 52;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">
<defs><linearGradient id="g-${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="120" height="120" rx="26" fill="url(#g-${id})"/>
<circle cx="60" cy="60" r="42" fill="none" stroke="rgba(255,255,255,.45)" stroke-width="3"/>
<text x="60" y="${60 + size * 0.36}" text-anchor="middle" font-size="${size}" font-weight="800" fill="#fff" font-family="PingFang SC,Noto Sans CJK SC,sans-serif" style="paint-order:stroke" stroke="rgba(0,0,0,.25)" stroke-width="2">${glyph}</text>
</svg>`;
}
