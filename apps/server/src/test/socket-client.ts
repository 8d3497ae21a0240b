import WebSocket from 'ws';

export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
}

/** A raw protocol client for tests: records every frame and waits for the ones asked for. */
export class TestSocket {
  readonly frames: Frame[] = [];
  closeCode: number | null = null;
  private waiters: Array<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  private readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString('utf8')) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code: number) => resolve((this.closeCode = code))),
    );
  }

  /** `headers` go with the upgrade request (an `X-Forwarded-For` from a trusted proxy). */
  static async open(
    baseUrl: string,
    path = '/app/jingcai-key?protocol=7&client=js&version=8.4.0',
    headers: Record<string, string> = {},
  ): Promise<TestSocket> {
    const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + path, { headers });
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  /** The first frame (already received or coming) that matches, within the time limit. */
  next(match: (f: Frame) => boolean, timeoutMs = 3_000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame in ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  event(name: string, timeoutMs?: number): Promise<Frame> {
    return this.next((f) => f.event === name, timeoutMs);
  }

  async socketId(): Promise<string> {
    const frame = await this.event('pusher:connection_established');
    return (JSON.parse(frame.data as string) as { socket_id: string }).socket_id;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Sends a frame and returns the next frame of the given event that arrives after it. */
  async request(frame: unknown, answer: string): Promise<Frame> {
    const before = this.frames.length;
    this.send(frame);
    return this.next((f) => f.event === answer && this.frames.indexOf(f) >= before);
  }

  waitClosed(timeoutMs = 3_000): Promise<number> {
    return Promise.race([
      this.closed,
      new Promise<number>((_, reject) =>
        setTimeout(() => reject(new Error('socket did not close')), timeoutMs),
      ),
    ]);
  }

  /** Answers the server's pings as pusher-js does, so a socket kept for minutes stays open. */
  keepAlive(): this {
    this.ws.on('message', (raw: Buffer) => {
      if ((JSON.parse(raw.toString('utf8')) as Frame).event === 'pusher:ping')
        this.send({ event: 'pusher:pong', data: {} });
    });
    return this;
  }

  close(): void {
    this.ws.close();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
