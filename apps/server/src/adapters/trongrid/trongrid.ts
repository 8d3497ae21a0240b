import { keccak_256 } from '@noble/hashes/sha3.js';
import { setTimeout as wait } from 'node:timers/promises';
import { z } from 'zod';
import { isTronAddress, tronAddressFromHex } from './hd.ts';

/**
 * A TronGrid client for USDT-TRC20 deposits and withdrawal checks (README.md beside this file has
 * the sources). Three calls, all with the operator's key in the `TRON-PRO-API-KEY` header:
 *
 * - `GET /v1/accounts/{address}/transactions/trc20` (TronGrid v1): the TRC-20 transfers to one
 *   deposit address, `only_confirmed=true`, `only_to=true`, `contract_address=<USDT>`,
 *   `min_timestamp`, oldest first, paged by `fingerprint` (the previous page's
 *   `meta.fingerprint`, every other parameter unchanged).
 * - `POST /walletsolidity/gettransactioninfobyid` then, when it is not there yet,
 *   `POST /wallet/gettransactioninfobyid` (java-tron's HTTP API, served by TronGrid): the receipt of
 *   one transaction with its Transfer event logs; the SolidityNode answers only for solidified
 *   (irreversible) blocks, the FullNode for any executed transaction.
 * - `POST /wallet/getnowblock`: the chain head, to count confirmations.
 *
 * Amounts are `bigint`s of the token's smallest unit (USDT: 6 decimals), never floats. Every call
 * has a time limit and is retried with exponential back-off (with jitter) on network errors,
 * time-outs, 5xx, 429 and TronGrid's 403 frequency-limit answer.
 */

export const TRONGRID_DEFAULT_URL = 'https://api.trongrid.io';
/** Tether USD (USDT) on TRON mainnet, 6 decimals. */
export const USDT_MAINNET_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const USDT_DECIMALS = 6;
/** The header TronGrid reads the API key from. */
export const TRONGRID_API_KEY_HEADER = 'TRON-PRO-API-KEY';
/** topics[0] of a TRC-20 (ERC-20) Transfer event: keccak256("Transfer(address,address,uint256)"). */
export const TRC20_TRANSFER_TOPIC = Buffer.from(
  keccak_256(new TextEncoder().encode('Transfer(address,address,uint256)')),
).toString('hex');
/** TronGrid v1's largest page. */
export const TRONGRID_MAX_PAGE_SIZE = 200;

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 8_000;
/** How much of an answer body a call record or an error keeps. */
const MAX_DETAIL_CHARS = 300;

export interface TronGridOptions {
  /** The TronGrid API key (sent as TRON-PRO-API-KEY, never logged). */
  apiKey: string;
  /** Default https://api.trongrid.io (Shasta: https://api.shasta.trongrid.io, Nile: https://nile.trongrid.io, or a fake). */
  url?: string;
  /** The TRC-20 contract deposits are read for. Default mainnet USDT. */
  contract?: string;
  /** The decimals that contract must report. Default 6 (USDT). */
  decimals?: number;
  /** Transfers per page, 1 … 200. Default 200. */
  pageSize?: number;
  /** Most pages one listing reads before it stops and says so (`complete: false`). Default 50. */
  maxPages?: number;
  /** Limit for one HTTP call, answer included. Default 10 000 ms. */
  timeoutMs?: number;
  /** Further tries after a failure another try may fix. Default 3. */
  retries?: number;
  /** Default the global fetch. */
  fetch?: typeof fetch;
  /** The clock of call records. Default the system clock. */
  now?: () => Date;
  /** Waits between tries. Default a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1). Default Math.random. */
  random?: () => number;
  /** Called after every HTTP call (each try), for the calls table and metrics. */
  onCall?: (call: TronGridCall) => void;
}

/** One HTTP call as a record: never the key. */
export interface TronGridCall {
  method: 'GET' | 'POST';
  /** Path and query, e.g. /v1/accounts/T…/transactions/trc20?only_confirmed=true&… */
  path: string;
  /** The request body (JSON), if any. */
  body: string | null;
  /** 1 for the first try. */
  attempt: number;
  startedAt: Date;
  durationMs: number;
  /** HTTP status, or null when no answer came (network error, time-out). */
  status: number | null;
  /** ok, retry (another try follows or would have), failed (no further try helps). */
  outcome: 'ok' | 'retry' | 'failed';
  /** The start of the answer, or why there was none. */
  detail: string;
}

export type TronGridErrorKind = 'timeout' | 'network' | 'http' | 'answer';

/** A call that failed for good (after its retries, or at once when no retry helps). */
export class TronGridError extends Error {
  override readonly name = 'TronGridError';
  constructor(
    message: string,
    readonly kind: TronGridErrorKind,
    readonly status: number | null,
    readonly attempts: number,
    /** True when the failure was one a later try may fix (the retries ran out). */
    readonly transient: boolean,
  ) {
    super(message);
  }
}

/** A TRC-20 token as TronGrid v1 describes it. */
export interface Trc20Token {
  address: string;
  decimals: number;
  symbol: string;
  name: string | null;
}

/** One confirmed TRC-20 Transfer to a watched address. */
export interface Trc20Transfer {
  txId: string;
  from: string;
  to: string;
  /** In the token's smallest unit (USDT: 1 = 0.000001 USDT). */
  value: bigint;
  /** Milliseconds since the epoch, of the block. */
  blockTimestamp: number;
  token: Trc20Token;
}

/** A listed item that is not a deposit: kept so the watcher can log it. */
export interface IgnoredTransfer {
  txId: string | null;
  reason: string;
  /** The token's contract address, when the item names one. */
  token: string | null;
}

export interface IncomingTransfers {
  transfers: Trc20Transfer[];
  ignored: IgnoredTransfer[];
  pages: number;
  /** False when maxPages stopped the listing: call again from the last transfer's timestamp. */
  complete: boolean;
}

export interface ListOptions {
  /** Only transfers in blocks at or after this time (ms since the epoch). */
  minTimestamp?: number;
  /** Only transfers in blocks at or before this time (ms since the epoch). */
  maxTimestamp?: number;
}

/** A TRC-20 Transfer event read from a transaction's receipt logs. */
export interface Trc20TransferLog {
  contract: string;
  from: string;
  to: string;
  value: bigint;
}

/** A transaction's receipt, as far as the chain knows it. */
export interface TronTransactionInfo {
  txId: string;
  /** confirmed: in a solidified block; unconfirmed: executed, not solidified yet; not-found. */
  state: 'confirmed' | 'unconfirmed' | 'not-found';
  blockNumber: number | null;
  blockTimestamp: number | null;
  /** receipt.result: SUCCESS, REVERT, OUT_OF_ENERGY … (null when not found or not a contract call). */
  result: string | null;
  /** The contract called, Base58 (null for a plain TRX transfer or when not found). */
  contract: string | null;
  transfers: Trc20TransferLog[];
}

export type TransferVerdict =
  /** Confirmed, executed, and a Transfer of exactly the amount to the destination on the contract. */
  | 'paid'
  /** Matches so far, but not solidified yet or short of the confirmations asked for. */
  | 'unconfirmed'
  | 'not-found'
  /** Executed and failed (REVERT, OUT_OF_ENERGY …): nothing moved. */
  | 'failed'
  /** No Transfer event of the expected token in it. */
  | 'wrong-token'
  /** Transfers of the token, none to the destination. */
  | 'wrong-destination'
  /** A transfer to the destination, of another amount. */
  | 'wrong-amount';

export interface TransferCheck {
  verdict: TransferVerdict;
  /** One sentence for the console and the calls table. */
  detail: string;
  /** Head − block + 1 when confirmations were counted, else null. */
  confirmations: number | null;
  info: TronTransactionInfo;
}

export interface ExpectedTransfer {
  /** The destination (Base58). */
  to: string;
  /** The amount, smallest unit. */
  amount: bigint;
  /** Confirmations required beyond solidification (0: solidified is enough). Default 0. */
  minConfirmations?: number;
}

// ---- answer shapes (only the fields this client reads) ----

const v1MetaSchema = z.object({
  at: z.number().optional(),
  page_size: z.number().optional(),
  fingerprint: z.string().optional(),
  links: z.object({ next: z.string().optional() }).optional(),
});
const v1PageSchema = z.object({
  success: z.boolean(),
  data: z.array(z.unknown()),
  meta: v1MetaSchema.optional(),
});
const trc20ItemSchema = z.object({
  transaction_id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  token_info: z.object({
    address: z.string(),
    decimals: z.number().int().nonnegative(),
    symbol: z.string(),
    name: z.string().optional(),
  }),
  block_timestamp: z.number().int().nonnegative(),
  from: z.string(),
  to: z.string(),
  type: z.string(),
  value: z.string(),
});
const logSchema = z.object({
  address: z.string(),
  topics: z.array(z.string()),
  data: z.string(),
});
const transactionInfoSchema = z.object({
  id: z.string().optional(),
  blockNumber: z.number().int().optional(),
  blockTimeStamp: z.number().int().optional(),
  contract_address: z.string().optional(),
  receipt: z.object({ result: z.string().optional() }).optional(),
  log: z.array(logSchema).optional(),
});
const nowBlockSchema = z.object({
  block_header: z.object({ raw_data: z.object({ number: z.number().int().nonnegative() }) }),
});

/** One failed try: what it was and whether another may help. */
interface Failure {
  kind: TronGridErrorKind;
  status: number | null;
  retry: boolean;
  detail: string;
  /** Retry-After, when the answer gave one. */
  retryAfterMs: number | null;
}

function cut(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_DETAIL_CHARS ? `${flat.slice(0, MAX_DETAIL_CHARS)}…` : flat;
}

/** Retry-After in seconds (the form rate limiters send), as ms; null when absent or a date. */
function retryAfterMs(header: string | null): number | null {
  if (!header || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim()) * 1_000;
}

/** A decimal string of digits as a bigint, or null. */
function parseUnits(value: string): bigint | null {
  return /^\d{1,78}$/.test(value) ? BigInt(value) : null;
}

/** The Transfer events of a receipt's logs (others, and malformed ones, are skipped). */
function transferLogs(logs: ReadonlyArray<z.infer<typeof logSchema>>): Trc20TransferLog[] {
  const transfers: Trc20TransferLog[] = [];
  for (const log of logs) {
    const [topic, from, to] = log.topics;
    if (topic?.toLowerCase() !== TRC20_TRANSFER_TOPIC || !from || !to || log.topics.length !== 3) continue;
    if (!/^[0-9a-fA-F]{64}$/.test(log.data)) continue;
    try {
      transfers.push({
        contract: tronAddressFromHex(log.address),
        from: tronAddressFromHex(from),
        to: tronAddressFromHex(to),
        value: BigInt(`0x${log.data}`),
      });
    } catch {
      // A topic that is not an address: not a TRC-20 Transfer.
    }
  }
  return transfers;
}

export class TronGrid {
  readonly url: string;
  readonly contract: string;
  readonly decimals: number;
  private readonly pageSize: number;
  private readonly maxPages: number;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: TronGridOptions) {
    if (!options.apiKey?.trim()) throw new Error('TronGrid: apiKey is required');
    const url = (options.url ?? TRONGRID_DEFAULT_URL).replace(/\/+$/, '');
    if (!/^https?:\/\/[^/?#]+$/.test(url)) {
      throw new Error(`TronGrid: url must be http(s)://host[:port], got "${url}"`);
    }
    this.url = url;
    this.contract = options.contract ?? USDT_MAINNET_CONTRACT;
    if (!isTronAddress(this.contract))
      throw new Error(`TronGrid: contract is not a TRON address: "${this.contract}"`);
    this.decimals = options.decimals ?? USDT_DECIMALS;
    const pageSize = options.pageSize ?? TRONGRID_MAX_PAGE_SIZE;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > TRONGRID_MAX_PAGE_SIZE) {
      throw new Error(`TronGrid: pageSize must be 1 … ${TRONGRID_MAX_PAGE_SIZE}, got ${pageSize}`);
    }
    this.pageSize = pageSize;
    this.maxPages = Math.max(1, Math.floor(options.maxPages ?? 50));
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = Math.max(0, Math.floor(options.retries ?? 3));
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.now = options.now ?? (() => new Date());
    this.sleep = options.sleep ?? ((ms) => wait(ms));
    this.random = options.random ?? Math.random;
  }

  /**
   * The confirmed transfers of the contract to `address`, oldest first, across pages. Items that
   * are not deposits (another token, not a Transfer, not to this address, wrong decimals, a value
   * that is not a whole number, a second transfer in one transaction) are returned in `ignored`.
   */
  async listIncomingTransfers(address: string, options: ListOptions = {}): Promise<IncomingTransfers> {
    if (!isTronAddress(address)) throw new Error(`TronGrid: not a TRON address: "${address}"`);
    const query = new URLSearchParams({
      only_confirmed: 'true',
      only_to: 'true',
      contract_address: this.contract,
      limit: String(this.pageSize),
      order_by: 'block_timestamp,asc',
    });
    if (options.minTimestamp !== undefined) query.set('min_timestamp', String(options.minTimestamp));
    if (options.maxTimestamp !== undefined) query.set('max_timestamp', String(options.maxTimestamp));

    const result: IncomingTransfers = { transfers: [], ignored: [], pages: 0, complete: false };
    const seen = new Set<string>();
    const fingerprints = new Set<string>();
    const path = `/v1/accounts/${address}/transactions/trc20`;
    while (result.pages < this.maxPages) {
      const answer = await this.call('GET', `${path}?${query.toString()}`, null);
      const page = v1PageSchema.safeParse(answer);
      if (!page.success) throw this.answerError('TRC-20 transfers', answer);
      if (!page.data.success) throw this.answerError('TRC-20 transfers (success: false)', answer);
      result.pages += 1;
      for (const item of page.data.data) this.sortItem(item, address, seen, result);
      const fingerprint = page.data.meta?.fingerprint;
      if (!fingerprint) {
        result.complete = true;
        break;
      }
      // A fingerprint seen before would loop for ever: stop, and say the listing is not complete.
      if (fingerprints.has(fingerprint)) break;
      fingerprints.add(fingerprint);
      query.set('fingerprint', fingerprint);
    }
    return result;
  }

  /** A transaction's receipt: solidified (confirmed), executed only (unconfirmed), or not found. */
  async getTransactionInfo(txId: string): Promise<TronTransactionInfo> {
    if (!/^[0-9a-fA-F]{64}$/.test(txId)) throw new Error(`TronGrid: not a transaction id: "${txId}"`);
    const id = txId.toLowerCase();
    const solid = await this.receipt('/walletsolidity/gettransactioninfobyid', id);
    if (solid) return this.toInfo(id, 'confirmed', solid);
    const head = await this.receipt('/wallet/gettransactioninfobyid', id);
    if (head) return this.toInfo(id, 'unconfirmed', head);
    return {
      txId: id,
      state: 'not-found',
      blockNumber: null,
      blockTimestamp: null,
      result: null,
      contract: null,
      transfers: [],
    };
  }

  /** The chain head's block number (FullNode view). */
  async latestBlockNumber(): Promise<number> {
    const answer = await this.call('POST', '/wallet/getnowblock', '{}');
    const block = nowBlockSchema.safeParse(answer);
    if (!block.success) throw this.answerError('getnowblock', answer);
    return block.data.block_header.raw_data.number;
  }

  /**
   * Checks a withdrawal's transaction id on chain: a Transfer of the client's contract, of exactly
   * `amount` to `to`, in a successful, confirmed transaction (and `minConfirmations` blocks deep).
   */
  async verifyTransfer(txId: string, expected: ExpectedTransfer): Promise<TransferCheck> {
    if (!isTronAddress(expected.to)) throw new Error(`TronGrid: not a TRON address: "${expected.to}"`);
    const info = await this.getTransactionInfo(txId);
    const check = (
      verdict: TransferVerdict,
      detail: string,
      confirmations: number | null = null,
    ): TransferCheck => ({
      verdict,
      detail,
      confirmations,
      info,
    });
    if (info.state === 'not-found')
      return check('not-found', `transaction ${info.txId} is not on chain (yet)`);
    if (info.result !== null && info.result !== 'SUCCESS') {
      return check('failed', `transaction ${info.txId} failed on chain (${info.result})`);
    }
    const ofToken = info.transfers.filter((t) => t.contract === this.contract);
    if (ofToken.length === 0) {
      return check('wrong-token', `transaction ${info.txId} moves no token of ${this.contract}`);
    }
    const toDestination = ofToken.filter((t) => t.to === expected.to);
    if (toDestination.length === 0) {
      const where = [...new Set(ofToken.map((t) => t.to))].join(', ');
      return check('wrong-destination', `transaction ${info.txId} pays ${where}, not ${expected.to}`);
    }
    const exact = toDestination.find((t) => t.value === expected.amount);
    if (!exact) {
      const amounts = toDestination.map((t) => t.value.toString()).join(', ');
      return check(
        'wrong-amount',
        `transaction ${info.txId} pays ${amounts} to ${expected.to}, expected ${expected.amount.toString()} (smallest unit)`,
      );
    }
    if (info.state !== 'confirmed') {
      return check('unconfirmed', `transaction ${info.txId} is not in a solidified block yet`);
    }
    const minConfirmations = expected.minConfirmations ?? 0;
    if (minConfirmations > 0 && info.blockNumber !== null) {
      const confirmations = (await this.latestBlockNumber()) - info.blockNumber + 1;
      if (confirmations < minConfirmations) {
        return check(
          'unconfirmed',
          `transaction ${info.txId} has ${confirmations} of ${minConfirmations} confirmations`,
          confirmations,
        );
      }
      return check(
        'paid',
        `transaction ${info.txId} paid ${expected.amount.toString()} to ${expected.to}`,
        confirmations,
      );
    }
    return check('paid', `transaction ${info.txId} paid ${expected.amount.toString()} to ${expected.to}`);
  }

  // ---- internals ----

  /** Puts one listed item in transfers or ignored. */
  private sortItem(item: unknown, address: string, seen: Set<string>, into: IncomingTransfers): void {
    const parsed = trc20ItemSchema.safeParse(item);
    if (!parsed.success) {
      const raw = z.object({ transaction_id: z.string() }).safeParse(item);
      into.ignored.push({
        txId: raw.success ? raw.data.transaction_id : null,
        reason: 'malformed item',
        token: null,
      });
      return;
    }
    const it = parsed.data;
    const txId = it.transaction_id.toLowerCase();
    const ignore = (reason: string): void =>
      void into.ignored.push({ txId, reason, token: it.token_info.address });
    if (it.token_info.address !== this.contract) return ignore(`another token (${it.token_info.symbol})`);
    if (it.type !== 'Transfer') return ignore(`not a transfer (${it.type})`);
    if (it.to !== address) return ignore(`not to ${address}`);
    if (it.token_info.decimals !== this.decimals) {
      return ignore(`token reports ${it.token_info.decimals} decimals, expected ${this.decimals}`);
    }
    const value = parseUnits(it.value);
    if (value === null) return ignore(`value is not a whole number of units ("${cut(it.value)}")`);
    if (seen.has(txId)) return ignore('a second transfer to this address in the same transaction');
    seen.add(txId);
    into.transfers.push({
      txId,
      from: it.from,
      to: it.to,
      value,
      blockTimestamp: it.block_timestamp,
      token: {
        address: it.token_info.address,
        decimals: it.token_info.decimals,
        symbol: it.token_info.symbol,
        name: it.token_info.name ?? null,
      },
    });
  }

  /** POST {value: txId}; the receipt, or null for java-tron's `{}` (not there). */
  private async receipt(path: string, txId: string): Promise<z.infer<typeof transactionInfoSchema> | null> {
    const answer = await this.call('POST', path, JSON.stringify({ value: txId }));
    const info = transactionInfoSchema.safeParse(answer);
    if (!info.success) throw this.answerError(path, answer);
    return info.data.id ? info.data : null;
  }

  private toInfo(
    txId: string,
    state: 'confirmed' | 'unconfirmed',
    receipt: z.infer<typeof transactionInfoSchema>,
  ): TronTransactionInfo {
    let contract: string | null = null;
    if (receipt.contract_address) {
      try {
        contract = tronAddressFromHex(receipt.contract_address);
      } catch {
        contract = null;
      }
    }
    return {
      txId,
      state,
      blockNumber: receipt.blockNumber ?? null,
      blockTimestamp: receipt.blockTimeStamp ?? null,
      result: receipt.receipt?.result ?? null,
      contract,
      transfers: transferLogs(receipt.log ?? []),
    };
  }

  private answerError(what: string, answer: unknown): TronGridError {
    return new TronGridError(
      `TronGrid answered ${what} in an unexpected shape: ${cut(JSON.stringify(answer) ?? String(answer))}`,
      'answer',
      200,
      1,
      false,
    );
  }

  /** The wait before try `attempt` (1-based): exponential, capped, with equal jitter. */
  private backoffMs(attempt: number, hint: number | null): number {
    const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
    const jittered = Math.round(step / 2 + (step / 2) * this.random());
    return hint === null ? jittered : Math.min(BACKOFF_MAX_MS, Math.max(jittered, hint));
  }

  /** One logical call with its retries; the parsed JSON answer. */
  private async call(method: 'GET' | 'POST', path: string, body: string | null): Promise<unknown> {
    let last: Failure | null = null;
    let attempt = 0;
    while (attempt <= this.retries) {
      attempt += 1;
      if (last) await this.sleep(this.backoffMs(attempt - 1, last.retryAfterMs));
      const result = await this.attempt(method, path, body, attempt, attempt <= this.retries);
      if (!('failure' in result)) return result.json;
      last = result.failure;
      if (!last.retry) break;
    }
    const failure = last ?? {
      kind: 'network',
      status: null,
      retry: false,
      detail: 'not sent',
      retryAfterMs: null,
    };
    throw new TronGridError(
      `TronGrid ${method} ${path.split('?')[0] ?? path} failed after ${attempt} tr${attempt === 1 ? 'y' : 'ies'}: ${failure.detail}`,
      failure.kind,
      failure.status,
      attempt,
      failure.retry,
    );
  }

  /** One HTTP try. */
  private async attempt(
    method: 'GET' | 'POST',
    path: string,
    body: string | null,
    attempt: number,
    mayRetry: boolean,
  ): Promise<{ json: unknown } | { failure: Failure }> {
    const startedAt = this.now();
    const started = performance.now();
    const record = (status: number | null, outcome: TronGridCall['outcome'], detail: string): void => {
      this.options.onCall?.({
        method,
        path,
        body,
        attempt,
        startedAt,
        durationMs: Math.round(performance.now() - started),
        status,
        outcome,
        detail,
      });
    };
    let status: number;
    let text: string;
    let retryAfter: number | null;
    try {
      const headers: Record<string, string> = {
        accept: 'application/json',
        [TRONGRID_API_KEY_HEADER]: this.options.apiKey,
      };
      if (body !== null) headers['content-type'] = 'application/json';
      const response = await this.fetch(`${this.url}${path}`, {
        method,
        headers,
        ...(body !== null ? { body } : {}),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      retryAfter = retryAfterMs(response.headers.get('retry-after'));
      text = await response.text();
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
      const reason =
        cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
      const detail = timedOut ? `timeout after ${this.timeoutMs} ms` : `network error: ${reason}`;
      record(null, mayRetry ? 'retry' : 'failed', detail);
      return {
        failure: {
          kind: timedOut ? 'timeout' : 'network',
          status: null,
          retry: true,
          detail,
          retryAfterMs: null,
        },
      };
    }
    const detail = `HTTP ${status} ${cut(text)}`.trim();
    // 429 and 5xx: slow down and try again. TronGrid also answers 403 "exceeds the frequency
    // limit … suspended for 30s" to a key or IP over its rate (README, "Rate limits").
    const throttled = status === 403 && /frequency limit|suspended|rate limit/i.test(text);
    if (status === 429 || status >= 500 || throttled) {
      record(status, mayRetry ? 'retry' : 'failed', detail);
      return { failure: { kind: 'http', status, retry: true, detail, retryAfterMs: retryAfter } };
    }
    if (status < 200 || status >= 300) {
      record(status, 'failed', detail);
      return { failure: { kind: 'http', status, retry: false, detail, retryAfterMs: null } };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      record(status, 'failed', `HTTP ${status} not JSON: ${cut(text)}`);
      return {
        failure: {
          kind: 'answer',
          status,
          retry: false,
          detail: `not JSON: ${cut(text)}`,
          retryAfterMs: null,
        },
      };
    }
    record(status, 'ok', detail);
    return { json };
  }
}

/** USDT amount text for people ("12.5"), from the smallest unit; never a float. */
export function formatUnits(value: bigint, decimals: number = USDT_DECIMALS): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The smallest unit of a decimal text ("12.5" → 12500000n for 6 decimals); refuses more decimals. */
export function parseTokenAmount(text: string, decimals: number = USDT_DECIMALS): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: "${text}"`);
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) throw new Error(`"${text}" has more than ${decimals} decimals`);
  return BigInt(`${match[1] ?? '0'}${fraction.padEnd(decimals, '0')}`);
}
