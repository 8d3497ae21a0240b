/** The red-packets module's tables, for other modules' tables (foreign keys) and repositories (joins): never for services. */
export { redPacketSlots, redPackets } from './red-packets.table.ts';
