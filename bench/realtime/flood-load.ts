/**
 * The socket flood of issue 37 (point 7), sent from its own process so the server's figure is not
 * the client's event loop: FLOODERS sockets (default 100) that each send MESSAGES frames (400) as
 * fast as they can, and CONNECTS more connection attempts (1,000), all from this one address
 * (127.0.0.1), held open until the round ends. A round ends once every socket has its answer
 * (a flooder: its close, or an answer to each frame; an attempt: connection_established or its
 * close); then every socket is dropped and the next round starts, until the parent says `stop`
 * (or ROUND_TIMEOUT_S passes). Loopback only, bounded by the parent's duration.
 *
 * The frames are what a hostile client would pick to cost the server most per byte: a
 * `pusher:subscribe` to a private channel with a forged signature and FRAME_BYTES of channel
 * data (parse, validation and an HMAC over the data, answered with 4009), and a `pusher:ping`
 * between them (answered with a pong).
 *
 * IPC: the parent sends `{ cmd: 'start', url }` then `{ cmd: 'stop' }`; this process answers
 * `{ cmd: 'stopped', stats }`.
 */
import WebSocket from 'ws';

const FLOODERS = Number(process.env.FLOODERS ?? 100);
const MESSAGES = Number(process.env.MESSAGES ?? 400);
const CONNECTS = Number(process.env.CONNECTS ?? 1000);
const FRAME_BYTES = Number(process.env.FRAME_BYTES ?? 1024);
const ROUND_TIMEOUT_S = Number(process.env.ROUND_TIMEOUT_S ?? 20);
/** Connection attempts opened at once (a wave waits for the previous one's handshakes). */
const WAVE = 200;

export interface FloodStats {
  rounds: number;
  /** Connection attempts that reached pusher:connection_established, of all made (flooders included). */
  established: number;
  attempts: number;
  /** Frames the flooders sent, and the answers they got (pong, 4009, 4301 …). */
  sent: number;
  answers: Record<string, number>;
  /** Close codes every socket saw before the round dropped it (`open` = still open at the round's end). */
  closes: Record<string, number>;
  /** Socket errors (refused connections, resets). */
  errors: number;
}

const stats: FloodStats = {
  rounds: 0,
  established: 0,
  attempts: 0,
  sent: 0,
  answers: {},
  closes: {},
  errors: 0,
};
const bump = (table: Record<string, number>, key: string) => (table[key] = (table[key] ?? 0) + 1);

const subscribeFrame = JSON.stringify({
  event: 'pusher:subscribe',
  data: {
    channel: 'private-user.1',
    auth: `jingcai-key:${'0'.repeat(64)}`,
    channel_data: 'x'.repeat(Math.max(0, FRAME_BYTES - 120)),
  },
});
const pingFrame = JSON.stringify({ event: 'pusher:ping', data: {} });

interface Tracked {
  ws: WebSocket;
  done: Promise<void>;
}

/** One socket: resolves once it has what the round waits for; records what it saw. */
function open(url: string, flood: boolean): Tracked {
  const ws = new WebSocket(url);
  stats.attempts++;
  let answered = 0;
  let settled = false;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  const settle = () => {
    if (!settled) {
      settled = true;
      finish();
    }
  };
  ws.on('error', () => {
    stats.errors++;
    settle();
  });
  ws.on('close', (code: number) => {
    bump(stats.closes, String(code));
    settle();
  });
  ws.on('message', (raw: Buffer) => {
    const frame = JSON.parse(raw.toString()) as { event: string; data?: { code?: number } | string };
    if (frame.event === 'pusher:connection_established') {
      stats.established++;
      if (!flood) {
        settle();
        return;
      }
      for (let i = 0; i < MESSAGES; i++) {
        ws.send(i % 2 === 0 ? subscribeFrame : pingFrame);
        stats.sent++;
      }
      return;
    }
    const code = typeof frame.data === 'object' ? frame.data.code : undefined;
    bump(stats.answers, code === undefined ? frame.event : `${frame.event} ${code}`);
    if (flood && ++answered >= MESSAGES) settle();
  });
  return { ws, done };
}

let stop = false;
let stopped: () => void = () => {};
const stopSignal = new Promise<void>((resolve) => (stopped = resolve));

async function round(url: string): Promise<void> {
  const sockets: Tracked[] = [];
  for (let i = 0; i < FLOODERS; i++) sockets.push(open(url, true));
  for (let i = 0; i < CONNECTS && !stop; i += WAVE) {
    const wave: Tracked[] = [];
    for (let j = i; j < Math.min(CONNECTS, i + WAVE); j++) wave.push(open(url, false));
    sockets.push(...wave);
    await Promise.race([Promise.all(wave.map((s) => s.done)), stopSignal]);
  }
  await Promise.race([
    Promise.all(sockets.map((s) => s.done)),
    stopSignal,
    new Promise((r) => setTimeout(r, ROUND_TIMEOUT_S * 1000).unref()),
  ]);
  for (const { ws } of sockets) {
    if (ws.readyState === WebSocket.OPEN) bump(stats.closes, 'open');
    ws.terminate();
  }
  stats.rounds++;
}

let finished: Promise<void> = Promise.resolve();
process.on('message', (message: { cmd: string; url?: string }) => {
  if (message.cmd === 'start' && message.url) {
    const url = message.url;
    finished = (async () => {
      while (!stop) await round(url);
    })();
  } else if (message.cmd === 'stop') {
    stop = true;
    stopped();
    void finished.then(() => {
      process.send?.({ cmd: 'stopped', stats });
      process.exit(0);
    });
  }
});
process.send?.({ cmd: 'ready' });
