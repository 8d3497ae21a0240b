/** The games module's face: what other modules and the composition root may use. */
export { demoGameRoutes } from './demo.routes.ts';
export { gamesRoutes } from './games.routes.ts';
export { GamesService } from './games.service.ts';
export type { GameProvider } from './provider/provider.ts';
export { GameIdleRecall } from './idle-recall.service.ts';
export { GameRecordsService } from './records.service.ts';
export { DemoGameProvider } from './simulator.ts';
export { GameTransferService } from './transfers.service.ts';
export { createGames } from './games.module.ts';
