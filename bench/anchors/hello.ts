/**
 * Anchor B of `npm run bench`: a bare Fastify answering `GET /hello` with a small JSON, nothing
 * else (no plugins, no logger). Started by bench/run.ts in its own process; it tells its port over
 * IPC and stops on `stop`.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ cmd: 'ready', port: address && typeof address === 'object' ? address.port : 0 });
process.on('message', (message: { cmd: string }) => {
  if (message.cmd === 'stop') void app.close().then(() => process.exit(0));
});
