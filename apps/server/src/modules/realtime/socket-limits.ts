import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * What one client may hold and send on the embedded socket server (docs/decisions/
 * 021-socket-limits.md). Each is checked before any parsing, so a client over a limit costs a
 * counter and, at most, one short answer.
 */
export interface SocketLimits {
  /** Open sockets per client address on this process; 0 = no limit. */
  connectionsPerAddress: number;
  /** Frames a socket may send per second, on average; 0 = no limit. */
  messagesPerSecond: number;
  /** Frames a socket may send at once above that average (a reconnect resubscribes every channel). */
  messageBurst: number;
  /** Largest frame a client may send, in bytes. */
  maxFrameBytes: number;
}

/** Fastify's `trustProxy` as config.ts gives it to app.ts. */
export type TrustProxy = boolean | number | string[];

/**
 * The client address of an upgrade request, as Fastify's `request.ip` gives it for the same
 * `trustProxy` (upgrades never reach Fastify's router, so the hub derives it the same way:
 * the last address proxy-addr trusts, `X-Forwarded-For` read only from trusted proxies).
 */
export function clientAddressOf(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  if (trustProxy === false) return (request) => request.socket.remoteAddress ?? '';
  const trust: (address: string, hop: number) => boolean =
    trustProxy === true
      ? () => true
      : typeof trustProxy === 'number'
        ? // app.ts: a hop count trusts that many proxies nearest to us.
          (_address, hop) => hop < trustProxy
        : proxyAddr.compile(trustProxy);
  return (request) => proxyAddr(request, trust);
}

/**
 * A socket's frame budget: a token bucket holding `burst` frames, refilled at `perSecond` on the
 * hub's clock. A frame over the budget is refused and still counted, so a socket that keeps
 * sending never gets back under; one that sends another burst's worth while refused is closed.
 */
export class FrameBudget {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.refilledAt = now;
  }

  /** Spends one frame: `ok` to handle it, `refuse` to answer 4301, `close` to close with 4100. */
  spend(now: number): 'ok' | 'refuse' | 'close' {
    if (this.perSecond === 0) return 'ok';
    if (now > this.refilledAt) {
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) * this.perSecond) / 1000);
      this.refilledAt = now;
    }
    this.tokens -= 1;
    if (this.tokens >= 0) return 'ok';
    return this.tokens >= -this.burst ? 'refuse' : 'close';
  }
}

/** Open sockets per client address. */
export class AddressCounts {
  private readonly counts = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Whether the address already holds the limit. */
  full(address: string): boolean {
    return this.limit > 0 && (this.counts.get(address) ?? 0) >= this.limit;
  }

  /** Counts a socket in, unless its address already holds the limit. */
  admit(address: string): boolean {
    if (this.full(address)) return false;
    this.counts.set(address, (this.counts.get(address) ?? 0) + 1);
    return true;
  }

  release(address: string): void {
    const held = (this.counts.get(address) ?? 0) - 1;
    if (held > 0) this.counts.set(address, held);
    else this.counts.delete(address);
  }

  /** Addresses holding at least one socket. */
  get addresses(): number {
    return this.counts.size;
  }
}
