/**
 * The realtime bench's anchor: a bare `ws` server in its own process, carrying what the product's
 * realtime server carries in the same run — SOCKETS sockets, each greeted with a socket id,
 * subscribed to one channel, sent one event — and nothing else: no Pusher signature check, no
 * hub, no database, no Redis. What Node and `ws` give on this machine, so the product's socket
 * figures read as ratios (issue 45, point 4). Driven over IPC as server.ts is.
 */
import { randomBytes } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';

const members = Number(process.env.SOCKETS ?? 5000);

function main() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const byChannel = new Map<string, WebSocket>();
  server.on('connection', (ws) => {
    const socketId = `${randomBytes(4).readUInt32BE()}.${randomBytes(4).readUInt32BE()}`;
    ws.send(
      JSON.stringify({
        event: 'pusher:connection_established',
        data: JSON.stringify({ socket_id: socketId, activity_timeout: 120 }),
      }),
    );
    ws.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString()) as { event: string; data?: { channel?: string } };
      const channel = frame.data?.channel;
      if (frame.event !== 'pusher:subscribe' || !channel) return;
      byChannel.set(channel, ws);
      ws.on('close', () => byChannel.delete(channel));
      ws.send(JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' }));
    });
  });
  server.on('listening', () => {
    const address = server.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    const ids = Array.from({ length: members }, (_, i) => i + 1);
    process.send?.({ cmd: 'ready', port, ids, memory: process.memoryUsage() });
  });

  process.on('message', (message: { cmd: string }) => {
    void (async () => {
      if (message.cmd === 'credit') {
        // One event per channel, stamped as it is sent (the product stamps at its ledger commit).
        const started = Date.now();
        let sent = 0;
        for (const [channel, ws] of byChannel) {
          ws.send(
            JSON.stringify({
              event: 'balance.changed',
              channel,
              data: JSON.stringify({ balance: '1.00', timestamp: Date.now() }),
            }),
          );
          // Let the sockets write between bursts, as commits spaced in time let the product's.
          if (++sent % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        process.send?.({ cmd: 'credited', ms: Date.now() - started });
      } else if (message.cmd === 'memory') {
        global.gc?.();
        process.send?.({
          cmd: 'memory',
          usage: process.memoryUsage(),
          hub: { connections: server.clients.size },
        });
      } else if (message.cmd === 'stop') {
        server.close();
        process.exit(0);
      }
    })();
  });
}

main();
