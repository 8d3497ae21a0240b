import type { Core } from '../../core.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import { GamesService } from './games.service.ts';
import { GameIdleRecall } from './idle-recall.service.ts';
import type { GameProvider } from './provider/provider.ts';
import { GameRecordsService } from './records.service.ts';
import { DemoGameProvider } from './simulator.ts';
import { GameTransferService } from './transfers.service.ts';

/** Slot and casino games through a provider's transfer wallet: catalogue, transfers, round records. */
export function createGames(
  c: Core,
  d: {
    gameProvider: GameProvider;
    ledger: LedgerService;
    responsible: ResponsiblePlayService;
    messages: MessagesService;
  },
) {
  const { gameProvider } = d;
  const gameTransfers = new GameTransferService(
    c.db,
    d.ledger,
    gameProvider,
    c.config.games,
    c.log,
    c.clock,
    d.responsible,
    d.messages,
  );
  return {
    /** The game aggregator in use (GAME_PROVIDER), behind the GameProvider adapter. */
    gameProvider,
    /**
     * The built-in demo aggregator (its pages and fault switch) when GAME_PROVIDER=simulator;
     * reading it with another provider selected throws.
     */
    get demoProvider(): DemoGameProvider {
      if (c.config.adapters.gameProvider !== 'simulator' || !(gameProvider instanceof DemoGameProvider))
        throw new Error(`GAME_PROVIDER=${c.config.adapters.gameProvider}: the demo provider is not in use`);
      return gameProvider;
    },
    games: new GamesService(
      c.db,
      gameProvider,
      c.clock,
      { timeoutMs: c.config.games.timeoutMs, publicUrl: c.config.publicUrl },
      d.responsible,
    ),
    gameTransfers,
    /** Game wallets left behind go back to main after GAME_IDLE_RECALL_MINUTES without play (a job). */
    gameIdleRecall: new GameIdleRecall(c.db, gameTransfers, gameProvider, c.clock, c.log, c.config.games),
    gameRecords: new GameRecordsService(c.db, gameProvider, c.events, c.clock),
  };
}
