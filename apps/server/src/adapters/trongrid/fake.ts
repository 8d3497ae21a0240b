import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { isTronAddress, tronAddressFromHex, tronAddressToHex } from './hd.ts';
import {
  TRC20_TRANSFER_TOPIC,
  TRONGRID_API_KEY_HEADER,
  TRONGRID_MAX_PAGE_SIZE,
  USDT_MAINNET_CONTRACT,
} from './trongrid.ts';
import type { Trc20Token } from './trongrid.ts';
import { listenFake } from '../fake-http.ts';

/**
 * A stand-in for TronGrid, speaking what the client (trongrid.ts) reads, in TronGrid's shapes:
 *
 * - `GET /v1/accounts/{address}/transactions/trc20` with only_confirmed / only_unconfirmed,
 *   only_to / only_from, contract_address, min_timestamp / max_timestamp (and their
 *   min_block_timestamp / max_block_timestamp aliases), order_by=block_timestamp,asc|desc, limit
 *   (default 20, at most 200, and at most `maxPageSize` here so paging shows with few fixtures),
 *   fingerprint paging (`meta.fingerprint`, `meta.links.next`); camelCase parameters too.
 * - `POST|GET /wallet/gettransactioninfobyid` (any executed transaction) and
 *   `/walletsolidity/gettransactioninfobyid` (solidified only), `{}` when not there; a receipt
 *   with the contract's Transfer event log, as java-tron writes it.
 * - `POST|GET /wallet/getnowblock` and `/walletsolidity/getnowblock`.
 *
 * Every call needs an accepted key in TRON-PRO-API-KEY. Driven by fixtures (addTransfer,
 * confirm, removeTransfer, mine) and failures on demand (500, 429, 403 frequency limit, hang).
 * Used by the unit tests over loopback, and runnable by hand for a staging site (README.md).
 */

/** USDT's token_info as TronGrid v1 gives it. */
export const FAKE_USDT: Trc20Token = {
  address: USDT_MAINNET_CONTRACT,
  decimals: 6,
  symbol: 'USDT',
  name: 'Tether USD',
};
/** Another TRC-20 token (USD Coin on TRON), for transfers a USDT watcher must ignore. */
export const FAKE_USDC: Trc20Token = {
  address: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8',
  decimals: 6,
  symbol: 'USDC',
  name: 'USD Coin',
};
/** The sender of fixtures that name none. */
const DEFAULT_FROM = 'TL24LCps5FKwp3PoU1MvrYrwhi5LU1tHre';
/** The head block the fake starts at. */
const FIRST_BLOCK = 69_300_000;
/** Blocks between the head and the solidified block (≈ 19 of 27 SRs). */
const SOLIDITY_LAG = 19;
const MAX_BODY_BYTES = 64 * 1024;

/** What the next request(s) should suffer instead of a normal answer. */
export type TronGridFakeFailure =
  /** HTTP 500. */
  | 'server-error'
  /** HTTP 429 Too Many Requests. */
  | 'rate-limit'
  /** HTTP 403 "exceeds the frequency limit", as TronGrid answers a key over its rate. */
  | 'frequency-limit'
  /** Takes the request and never answers (the client's time-out has to end it). */
  | 'hang';

export interface FakeTransferInput {
  /** The receiving address (Base58). */
  to: string;
  /** Smallest unit: 1_000_000n is 1 USDT. */
  value: bigint | string;
  from?: string;
  /** 64 hex digits; default a fresh one. */
  txId?: string;
  /** In a solidified block already. Default true. */
  confirmed?: boolean;
  /** Default USDT. */
  token?: Trc20Token;
  /** Default the fake's clock. */
  blockTimestamp?: number;
  /** Executed and reverted: no Transfer event, so no v1 listing either. Default false. */
  failed?: boolean;
}

export interface FakeTransfer {
  txId: string;
  from: string;
  to: string;
  value: bigint;
  token: Trc20Token;
  blockNumber: number;
  blockTimestamp: number;
  confirmed: boolean;
  failed: boolean;
  /** Order of arrival, the tie-break of equal timestamps. */
  seq: number;
}

/** A request exactly as it arrived (to check what a client puts on the wire). */
export interface FakeRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface TronGridFakeOptions {
  /** Accepted TRON-PRO-API-KEY values. */
  apiKeys: readonly string[];
  /** Default 127.0.0.1: keep it on loopback. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** Largest page whatever `limit` asks. Default 200 (TronGrid's). */
  maxPageSize?: number;
  /** The fake's clock (default block timestamps, meta.at). Default the system clock. */
  now?: () => Date;
  /** Called with each transfer added (the hand-run fake prints it). */
  onTransfer?: (transfer: FakeTransfer, event: 'added' | 'confirmed' | 'removed') => void;
}

export interface TronGridFake {
  /** Base URL, e.g. http://127.0.0.1:40123 (the client's url). */
  url: string;
  requests: FakeRequest[];
  /** The chain head's block number. */
  readonly headBlock: number;
  transfers(): FakeTransfer[];
  addTransfer(input: FakeTransferInput): FakeTransfer;
  /** A transfer seen unconfirmed that then disappears (a fork, a dropped transaction). */
  removeTransfer(txId: string): boolean;
  /** Its block becomes solidified. */
  confirm(txId: string): void;
  /** Moves the head `blocks` blocks on. */
  mine(blocks: number): void;
  /** The next `times` requests fail as `kind` (queued after any failure already asked for). */
  failNext(kind: TronGridFakeFailure, times?: number): void;
  close(): Promise<void>;
}

/** An answer: HTTP status and JSON body. */
interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** TronGrid v1's error shape. */
function v1Error(status: number, error: string): Reply {
  return { status, body: { success: false, error, statusCode: status } };
}

function pad32(hex: string): string {
  return hex.padStart(64, '0');
}

function b64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** Reads a request body, refusing one larger than MAX_BODY_BYTES. */
async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** An address in Base58 or hex (41…/0x…), as TronGrid accepts both; null when neither. */
function normalizeAddress(text: string): string | null {
  if (isTronAddress(text)) return text;
  try {
    return tronAddressFromHex(text);
  } catch {
    return null;
  }
}

/** Query parameters in snake_case (TronGrid takes camelCase too). */
function snakeParams(url: URL): Map<string, string> {
  const params = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    params.set(
      name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      value,
    );
  }
  return params;
}

export async function startTronGridFake(options: TronGridFakeOptions): Promise<TronGridFake> {
  const now = options.now ?? (() => new Date());
  const maxPageSize = Math.min(
    TRONGRID_MAX_PAGE_SIZE,
    Math.max(1, options.maxPageSize ?? TRONGRID_MAX_PAGE_SIZE),
  );
  const requests: FakeRequest[] = [];
  const failures: TronGridFakeFailure[] = [];
  const chain = new Map<string, FakeTransfer>();
  let head = FIRST_BLOCK;
  let seq = 0;

  const freshTxId = (): string => createHash('sha256').update(`trongrid-fake-${seq}-${head}`).digest('hex');

  const addTransfer = (input: FakeTransferInput): FakeTransfer => {
    const to = normalizeAddress(input.to);
    const from = normalizeAddress(input.from ?? DEFAULT_FROM);
    if (!to || !from) throw new Error(`fake: not a TRON address: ${input.to} / ${input.from ?? ''}`);
    const value = typeof input.value === 'bigint' ? input.value : BigInt(input.value);
    if (value < 0n) throw new Error('fake: a transfer value is never negative');
    const txId = (input.txId ?? freshTxId()).toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(txId)) throw new Error(`fake: txId must be 64 hex digits, got ${txId}`);
    if (chain.has(txId)) throw new Error(`fake: transaction ${txId} exists already`);
    head += 1;
    const transfer: FakeTransfer = {
      txId,
      from,
      to,
      value,
      token: input.token ?? FAKE_USDT,
      blockNumber: head,
      blockTimestamp: input.blockTimestamp ?? now().getTime(),
      confirmed: input.confirmed ?? true,
      failed: input.failed ?? false,
      seq: seq++,
    };
    chain.set(txId, transfer);
    options.onTransfer?.(transfer, 'added');
    return transfer;
  };

  const removeTransfer = (txId: string): boolean => {
    const transfer = chain.get(txId.toLowerCase());
    if (!transfer) return false;
    chain.delete(transfer.txId);
    options.onTransfer?.(transfer, 'removed');
    return true;
  };

  const confirm = (txId: string): void => {
    const transfer = chain.get(txId.toLowerCase());
    if (!transfer) throw new Error(`fake: no transaction ${txId}`);
    transfer.confirmed = true;
    options.onTransfer?.(transfer, 'confirmed');
  };

  /** GET /v1/accounts/{address}/transactions/trc20 */
  const listTrc20 = (rawAddress: string, url: URL, baseUrl: string): Reply => {
    const address = normalizeAddress(decodeURIComponent(rawAddress));
    if (!address) return v1Error(400, `Invalid address provided: ${rawAddress}`);
    const params = snakeParams(url);
    const flag = (name: string): boolean => params.get(name) === 'true';
    if (flag('only_confirmed') && flag('only_unconfirmed')) {
      return v1Error(400, 'only_confirmed and only_unconfirmed cannot be used together');
    }
    const limitText = params.get('limit') ?? '20';
    const limit = Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > TRONGRID_MAX_PAGE_SIZE) {
      return v1Error(400, `limit must be between 1 and ${TRONGRID_MAX_PAGE_SIZE}`);
    }
    const pageSize = Math.min(limit, maxPageSize);
    const contractText = params.get('contract_address');
    const contract = contractText === undefined ? null : normalizeAddress(contractText);
    if (contractText !== undefined && !contract)
      return v1Error(400, `Invalid contract address: ${contractText}`);
    const minTs = Number(params.get('min_timestamp') ?? params.get('min_block_timestamp') ?? 0);
    const maxTs = Number(
      params.get('max_timestamp') ?? params.get('max_block_timestamp') ?? Number.MAX_SAFE_INTEGER,
    );
    const order = params.get('order_by') ?? 'block_timestamp,desc';
    if (order !== 'block_timestamp,asc' && order !== 'block_timestamp,desc') {
      return v1Error(400, `Invalid order_by: ${order}`);
    }
    const ascending = order === 'block_timestamp,asc';
    const onlyTo = flag('only_to');
    const onlyFrom = flag('only_from');

    const matching = [...chain.values()]
      .filter((t) => !t.failed)
      .filter((t) => (flag('only_confirmed') ? t.confirmed : flag('only_unconfirmed') ? !t.confirmed : true))
      .filter((t) =>
        onlyTo && !onlyFrom
          ? t.to === address
          : onlyFrom && !onlyTo
            ? t.from === address
            : t.to === address || t.from === address,
      )
      .filter((t) => contract === null || t.token.address === contract)
      .filter((t) => t.blockTimestamp >= minTs && t.blockTimestamp <= maxTs)
      .sort((a, b) => {
        const byTime = a.blockTimestamp - b.blockTimestamp || a.seq - b.seq;
        return ascending ? byTime : -byTime;
      });

    // The fingerprint names the last item returned: the next page starts after it in this order.
    let start = 0;
    const fingerprint = params.get('fingerprint');
    if (fingerprint) {
      let cursor: { t: number; s: number } | null = null;
      try {
        const value: unknown = JSON.parse(Buffer.from(fingerprint, 'base64url').toString('utf8'));
        if (
          value !== null &&
          typeof value === 'object' &&
          't' in value &&
          's' in value &&
          typeof value.t === 'number' &&
          typeof value.s === 'number'
        ) {
          cursor = { t: value.t, s: value.s };
        }
      } catch {
        cursor = null;
      }
      if (!cursor) return v1Error(400, 'Invalid fingerprint');
      const after = cursor;
      const isAfter = (t: FakeTransfer): boolean => {
        const byTime = t.blockTimestamp - after.t || t.seq - after.s;
        return ascending ? byTime > 0 : byTime < 0;
      };
      start = matching.findIndex(isAfter);
      if (start < 0) start = matching.length;
    }
    const page = matching.slice(start, start + pageSize);
    const more = start + pageSize < matching.length;
    const last = page[page.length - 1];
    const meta: Record<string, unknown> = { at: now().getTime(), page_size: page.length };
    if (more && last) {
      const next = b64url(JSON.stringify({ t: last.blockTimestamp, s: last.seq }));
      const nextUrl = new URL(url.pathname, baseUrl);
      for (const [name, value] of url.searchParams)
        if (name !== 'fingerprint') nextUrl.searchParams.set(name, value);
      nextUrl.searchParams.set('fingerprint', next);
      meta.fingerprint = next;
      meta.links = { next: nextUrl.toString() };
    }
    return {
      status: 200,
      body: {
        data: page.map((t) => ({
          transaction_id: t.txId,
          token_info: {
            symbol: t.token.symbol,
            address: t.token.address,
            decimals: t.token.decimals,
            name: t.token.name ?? t.token.symbol,
          },
          block_timestamp: t.blockTimestamp,
          from: t.from,
          to: t.to,
          type: 'Transfer',
          value: t.value.toString(),
        })),
        success: true,
        meta,
      },
    };
  };

  /** java-tron's TransactionInfo for a transfer (the fields the client reads, and a few more). */
  const transactionInfo = (t: FakeTransfer): Record<string, unknown> => {
    const contractHex = tronAddressToHex(t.token.address);
    const base = {
      id: t.txId,
      fee: 13_740_060,
      blockNumber: t.blockNumber,
      blockTimeStamp: t.blockTimestamp,
      contract_address: contractHex,
    };
    if (t.failed) {
      return {
        ...base,
        contractResult: [''],
        receipt: { energy_usage_total: 31_895, net_usage: 345, result: 'REVERT' },
        result: 'FAILED',
        resMessage: Buffer.from('REVERT opcode executed', 'utf8').toString('hex'),
      };
    }
    return {
      ...base,
      contractResult: [pad32('')],
      receipt: { energy_usage_total: 31_895, net_usage: 345, result: 'SUCCESS' },
      log: [
        {
          address: contractHex.slice(2),
          topics: [
            TRC20_TRANSFER_TOPIC,
            pad32(tronAddressToHex(t.from).slice(2)),
            pad32(tronAddressToHex(t.to).slice(2)),
          ],
          data: pad32(t.value.toString(16)),
        },
      ],
    };
  };

  /** /wallet… and /walletsolidity…: java-tron's HTTP API (POST JSON body, or GET ?value=). */
  const walletCall = (solidity: boolean, name: string, url: URL, body: string): Reply => {
    if (name === 'gettransactioninfobyid') {
      let value = url.searchParams.get('value');
      if (body.trim()) {
        try {
          const parsed: unknown = JSON.parse(body);
          if (
            parsed !== null &&
            typeof parsed === 'object' &&
            'value' in parsed &&
            typeof parsed.value === 'string'
          ) {
            value = parsed.value;
          }
        } catch {
          return {
            status: 200,
            body: { Error: 'class org.tron.core.exception.BadItemException : invalid JSON' },
          };
        }
      }
      const transfer = value ? chain.get(value.toLowerCase()) : undefined;
      if (!transfer || (solidity && !transfer.confirmed)) return { status: 200, body: {} };
      return { status: 200, body: transactionInfo(transfer) };
    }
    if (name === 'getnowblock') {
      const number = solidity ? Math.max(FIRST_BLOCK, head - SOLIDITY_LAG) : head;
      return {
        status: 200,
        body: {
          blockID: `${number.toString(16).padStart(16, '0')}${createHash('sha256').update(`block-${number}`).digest('hex').slice(16)}`,
          block_header: {
            raw_data: {
              number,
              txTrieRoot: pad32(''),
              witness_address: '41f16412b9a17ee9408646e2a21e16478f72ed1e95',
              parentHash: createHash('sha256')
                .update(`block-${number - 1}`)
                .digest('hex'),
              version: 31,
              timestamp: now().getTime(),
            },
            witness_signature: '',
          },
        },
      };
    }
    return { status: 404, body: { Error: `no such API: ${url.pathname}` } };
  };

  /** The fixture controls for a hand-run fake (staging, browser tests): no key needed, loopback only. */
  const control = (method: string, url: URL, body: string): Reply => {
    const parts = url.pathname.split('/').filter(Boolean); // ['__fake', …]
    const read = (): Record<string, unknown> => {
      const value: unknown = body.trim() ? JSON.parse(body) : {};
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw new Error('body must be a JSON object');
      return value as Record<string, unknown>;
    };
    const view = (t: FakeTransfer): Record<string, unknown> => ({ ...t, value: t.value.toString() });
    try {
      if (parts[1] === 'transfers' && parts.length === 2 && method === 'GET') {
        return { status: 200, body: [...chain.values()].map(view) };
      }
      if (parts[1] === 'transfers' && parts.length === 2 && method === 'POST') {
        const input = read();
        const token = input.token === 'USDC' ? FAKE_USDC : FAKE_USDT;
        const transfer = addTransfer({
          to: String(input.to),
          value: String(input.value),
          ...(typeof input.from === 'string' ? { from: input.from } : {}),
          ...(typeof input.txId === 'string' ? { txId: input.txId } : {}),
          ...(typeof input.confirmed === 'boolean' ? { confirmed: input.confirmed } : {}),
          ...(typeof input.failed === 'boolean' ? { failed: input.failed } : {}),
          token,
        });
        return { status: 201, body: view(transfer) };
      }
      const txId = parts[2] ?? '';
      if (parts[1] === 'transfers' && parts[3] === 'confirm' && method === 'POST') {
        confirm(txId);
        return { status: 200, body: { confirmed: txId } };
      }
      if (parts[1] === 'transfers' && parts.length === 3 && method === 'DELETE') {
        return removeTransfer(txId)
          ? { status: 200, body: { removed: txId } }
          : { status: 404, body: { error: 'no such transfer' } };
      }
      if (parts[1] === 'mine' && method === 'POST') {
        const blocks = Number(read().blocks ?? 1);
        head += Number.isInteger(blocks) && blocks > 0 ? blocks : 1;
        return { status: 200, body: { headBlock: head } };
      }
      if (parts[1] === 'fail' && method === 'POST') {
        const input = read();
        const kind = input.kind;
        if (
          kind !== 'server-error' &&
          kind !== 'rate-limit' &&
          kind !== 'frequency-limit' &&
          kind !== 'hang'
        ) {
          return { status: 400, body: { error: 'kind: server-error | rate-limit | frequency-limit | hang' } };
        }
        const times = Number(input.times ?? 1);
        for (let i = 0; i < (Number.isInteger(times) && times > 0 ? times : 1); i++) failures.push(kind);
        return { status: 200, body: { queued: failures.length } };
      }
    } catch (error) {
      return { status: 400, body: { error: error instanceof Error ? error.message : String(error) } };
    }
    return { status: 404, body: { error: 'unknown fake control' } };
  };

  let baseUrl = '';

  /** One HTTP request to the fake. */
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const body = await readBody(req);
    requests.push({ method, url: req.url ?? '/', headers: req.headers, body: body ?? '' });
    const reply = (answer: Reply): void => {
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    };
    if (body === null) return reply(v1Error(413, 'request body too large'));
    if (url.pathname.startsWith('/__fake/')) return reply(control(method, url, body));

    const failure = failures.shift();
    if (failure === 'hang') return; // never answered; close() or the client's time-out ends it
    if (failure === 'server-error') return reply(v1Error(500, 'Internal Server Error'));
    if (failure === 'rate-limit')
      return reply({ ...v1Error(429, 'Too Many Requests'), headers: { 'retry-after': '1' } });
    if (failure === 'frequency-limit') {
      return reply(
        v1Error(403, 'The key exceeds the frequency limit(15), and the query server is suspended for 30s'),
      );
    }

    const key = req.headers[TRONGRID_API_KEY_HEADER.toLowerCase()];
    if (typeof key !== 'string' || !options.apiKeys.includes(key)) {
      return reply(
        v1Error(
          401,
          `ApiKey ${typeof key === 'string' ? 'not exists' : 'is required'} (${TRONGRID_API_KEY_HEADER} header)`,
        ),
      );
    }

    const trc20 = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20\/?$/.exec(url.pathname);
    if (trc20?.[1] !== undefined) {
      if (method !== 'GET') return reply(v1Error(405, 'Method Not Allowed'));
      return reply(listTrc20(trc20[1], url, baseUrl));
    }
    const wallet = /^\/(wallet|walletsolidity)\/([a-z]+)$/.exec(url.pathname);
    if (wallet?.[1] !== undefined && wallet[2] !== undefined && (method === 'POST' || method === 'GET')) {
      return reply(walletCall(wallet[1] === 'walletsolidity', wallet[2], url, body));
    }
    return reply(v1Error(404, `Not Found: ${url.pathname}`));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(v1Error(500, 'fake failed').body));
    });
  });
  const listening = await listenFake(server, options);
  baseUrl = listening.origin;

  return {
    url: baseUrl,
    requests,
    get headBlock() {
      return head;
    },
    transfers: () => [...chain.values()],
    addTransfer,
    removeTransfer,
    confirm,
    mine(blocks) {
      head += Math.max(0, Math.floor(blocks));
    },
    failNext(kind, times = 1) {
      for (let i = 0; i < times; i++) failures.push(kind);
    },
    close: listening.close,
  };
}

/** `npx tsx apps/server/src/adapters/trongrid/fake.ts`: the fake for a staging site. */
async function main(): Promise<void> {
  const env = process.env;
  const key = env.TRONGRID_API_KEY?.trim();
  if (!key) {
    process.stderr.write('The fake needs TRONGRID_API_KEY (the key it accepts in TRON-PRO-API-KEY).\n');
    process.exit(1);
  }
  const pageSize = Number(env.TRONGRID_FAKE_PAGE_SIZE || TRONGRID_MAX_PAGE_SIZE);
  const fake = await startTronGridFake({
    apiKeys: [key],
    host: env.TRONGRID_FAKE_HOST?.trim() || '127.0.0.1',
    port: Number(env.TRONGRID_FAKE_PORT || 8090),
    maxPageSize: Number.isInteger(pageSize) && pageSize > 0 ? pageSize : TRONGRID_MAX_PAGE_SIZE,
    onTransfer: (t, event) =>
      process.stdout.write(
        `${new Date().toISOString()} ${event} ${t.txId} ${t.token.symbol} ${t.value.toString()} ${t.from} → ${t.to} block ${t.blockNumber}${t.confirmed ? ' (confirmed)' : ''}\n`,
      ),
  });
  process.stdout.write(
    [
      `TronGrid fake listening on ${fake.url} (set TRONGRID_URL=${fake.url})`,
      `  add a USDT transfer:   curl -X POST ${fake.url}/__fake/transfers -d '{"to":"T…","value":"10000000","confirmed":false}'`,
      `  confirm it:            curl -X POST ${fake.url}/__fake/transfers/<txId>/confirm`,
      `  make it disappear:     curl -X DELETE ${fake.url}/__fake/transfers/<txId>`,
      `  fail the next calls:   curl -X POST ${fake.url}/__fake/fail -d '{"kind":"server-error","times":2}'`,
      '',
    ].join('\n'),
  );
  const stop = (): void => {
    void fake.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
