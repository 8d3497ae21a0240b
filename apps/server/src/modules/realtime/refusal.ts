import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { frames } from './pusher-protocol.ts';

/** RFC 6455 §1.3: the GUID the accept key is hashed with. */
const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
/** A socket we have turned away gets this long to read our answer and close its side. */
const LINGER_MS = 10_000;

/** Whether the upgrade request is a WebSocket handshake ws would accept (ws answers the others with 400). */
export function isValidHandshake(request: IncomingMessage): boolean {
  const key = request.headers['sec-websocket-key'];
  const version = request.headers['sec-websocket-version'];
  return (
    request.method === 'GET' &&
    request.headers.upgrade?.toLowerCase() === 'websocket' &&
    typeof key === 'string' &&
    /^[+/0-9A-Za-z]{22}==$/.test(key) &&
    (version === '13' || version === '8')
  );
}

/**
 * Completes a WebSocket handshake only to refuse the connection as the Pusher protocol does: the
 * 101, a `pusher:error` and a close frame with the code, in one write, then the end of our side.
 * No ws WebSocket is built for it, so turning away a burst of connections costs a hash and a
 * write each. Call only with a request for which `isValidHandshake` holds.
 */
export function refuseUpgrade(request: IncomingMessage, socket: Duplex, code: number, reason: string): void {
  const accept = createHash('sha1')
    .update(`${String(request.headers['sec-websocket-key'])}${HANDSHAKE_GUID}`)
    .digest('base64');
  const head =
    'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
    `Sec-WebSocket-Accept: ${accept}\r\n\r\n`;
  const closing = Buffer.alloc(2 + Buffer.byteLength(reason));
  closing.writeUInt16BE(code, 0);
  closing.write(reason, 2);
  socket.on('error', () => undefined);
  // Whatever the client sends (its close frame) is read and dropped; its FIN or the linger ends it.
  socket.on('end', () => socket.destroy());
  if (socket instanceof Socket) socket.setTimeout(LINGER_MS, () => socket.destroy());
  socket.resume();
  socket.end(
    Buffer.concat([
      Buffer.from(head),
      frame(0x1, Buffer.from(frames.error(code, reason))),
      frame(0x8, closing),
    ]),
  );
}

/** One unmasked, final frame (server to client) with the given opcode; payloads here are short. */
function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x80 | opcode, length])
      : Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff]);
  return Buffer.concat([header, payload]);
}
