import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_USDC, startTronGridFake } from './fake.ts';
import { tronAddressToHex } from './hd.ts';
import type { TronGridFake, TronGridFakeOptions } from './fake.ts';
import {
  TRC20_TRANSFER_TOPIC,
  TronGrid,
  TronGridError,
  USDT_MAINNET_CONTRACT,
  formatUnits,
  parseTokenAmount,
} from './trongrid.ts';
import type { TronGridCall, TronGridOptions } from './trongrid.ts';

const FIXED_NOW = new Date('2026-11-30T10:00:00Z');
const fixedClock = (): Date => FIXED_NOW;
const T0 = FIXED_NOW.getTime() - 3_600_000;
const API_KEY = 'trongrid-test-key';
/** Deposit addresses m/44'/195'/0'/0/0 and /1 of the test xpub (hd.unit.test.ts). */
const MEMBER = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const OTHER_MEMBER = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
/** The operator's payee of a withdrawal in these tests. */
const PAYEE = 'TXVj38D1XR3TPgSHTCZGC8wkLDAGqF1oqx';

/** A sleep that records what it was asked to wait and returns at once. */
function instantSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

const fakes: TronGridFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function fake(overrides: Partial<TronGridFakeOptions> = {}): Promise<TronGridFake> {
  const started = await startTronGridFake({ apiKeys: [API_KEY], now: fixedClock, ...overrides });
  fakes.push(started);
  return started;
}

function client(server: { url: string }, overrides: Partial<TronGridOptions> = {}): TronGrid {
  return new TronGrid({
    apiKey: API_KEY,
    url: server.url,
    now: fixedClock,
    sleep: instantSleep().sleep,
    random: () => 0.5,
    ...overrides,
  });
}

/** The TronGridError a call throws (fails the test if it resolves). */
async function failure(call: Promise<unknown>): Promise<TronGridError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TronGridError) return error;
    throw error;
  }
  throw new Error('expected a TronGridError');
}

/** A fetch that answers every call with one canned JSON body (a real TronGrid answer's shape). */
function cannedFetch(answers: unknown[]): { fetch: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  const queue = [...answers];
  const canned: typeof fetch = async (input) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return new Response(JSON.stringify(queue.shift() ?? {}), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: canned, urls };
}

describe('TRC-20 deposits listed from TronGrid v1 (GET /v1/accounts/{address}/transactions/trc20)', () => {
  it('reads every page by fingerprint, oldest first, amounts as bigint of the smallest unit', async () => {
    const server = await fake({ maxPageSize: 2 });
    const values = [1_000_000n, 2_500_000n, 10n, 123_456_789_012n, 7_000_000n];
    values.forEach((value, i) => server.addTransfer({ to: MEMBER, value, blockTimestamp: T0 + i * 3_000 }));

    const result = await client(server).listIncomingTransfers(MEMBER, { minTimestamp: T0 });

    expect(result.pages).toBe(3);
    expect(result.complete).toBe(true);
    expect(result.transfers.map((t) => t.value)).toEqual(values);
    expect(result.transfers.map((t) => t.blockTimestamp)).toEqual(values.map((_, i) => T0 + i * 3_000));
    expect(result.transfers[0]).toMatchObject({
      to: MEMBER,
      token: { address: USDT_MAINNET_CONTRACT, decimals: 6, symbol: 'USDT' },
    });
    expect(result.ignored).toEqual([]);

    // Page 2 and 3 repeat every filter and add the previous page's meta.fingerprint.
    const queries = server.requests.map((r) => new URL(r.url, server.url).searchParams);
    expect(queries).toHaveLength(3);
    expect(queries[0]?.get('fingerprint')).toBeNull();
    for (const query of queries) {
      expect(query.get('only_confirmed')).toBe('true');
      expect(query.get('only_to')).toBe('true');
      expect(query.get('contract_address')).toBe(USDT_MAINNET_CONTRACT);
      expect(query.get('min_timestamp')).toBe(String(T0));
      expect(query.get('limit')).toBe('200');
      expect(query.get('order_by')).toBe('block_timestamp,asc');
    }
    expect(queries[1]?.get('fingerprint')).toBeTruthy();
    expect(queries[2]?.get('fingerprint')).not.toBe(queries[1]?.get('fingerprint'));
  });

  it('returns only confirmed USDT transfers to the address: unconfirmed, another token, others’ and outgoing ones are not', async () => {
    const server = await fake();
    const deposit = server.addTransfer({ to: MEMBER, value: 5_000_000n, blockTimestamp: T0 });
    server.addTransfer({ to: MEMBER, value: 6_000_000n, blockTimestamp: T0 + 1, confirmed: false });
    server.addTransfer({ to: MEMBER, value: 7_000_000n, blockTimestamp: T0 + 2, token: FAKE_USDC });
    server.addTransfer({ to: OTHER_MEMBER, value: 8_000_000n, blockTimestamp: T0 + 3 });
    server.addTransfer({ from: MEMBER, to: PAYEE, value: 9_000_000n, blockTimestamp: T0 + 4 });
    server.addTransfer({ to: MEMBER, value: 9_500_000n, blockTimestamp: T0 + 5, failed: true });

    const result = await client(server).listIncomingTransfers(MEMBER);

    expect(result.transfers.map((t) => t.txId)).toEqual([deposit.txId]);
    expect(result.transfers[0]?.value).toBe(5_000_000n);
  });

  it('a transfer seen unconfirmed that then disappears is never listed', async () => {
    const server = await fake();
    const pending = server.addTransfer({
      to: MEMBER,
      value: 3_000_000n,
      blockTimestamp: T0,
      confirmed: false,
    });
    const grid = client(server);
    expect((await grid.listIncomingTransfers(MEMBER)).transfers).toEqual([]);
    expect((await grid.getTransactionInfo(pending.txId)).state).toBe('unconfirmed');
    server.removeTransfer(pending.txId);
    expect((await grid.listIncomingTransfers(MEMBER)).transfers).toEqual([]);
    expect((await grid.getTransactionInfo(pending.txId)).state).toBe('not-found');
    // Confirmed later instead: then it is listed.
    const later = server.addTransfer({
      to: MEMBER,
      value: 4_000_000n,
      blockTimestamp: T0 + 9,
      confirmed: false,
    });
    server.confirm(later.txId);
    expect((await grid.listIncomingTransfers(MEMBER)).transfers.map((t) => t.txId)).toEqual([later.txId]);
  });

  it('ignores, with a reason, items that are not deposits even if the server lets them through', async () => {
    const item = (overrides: Record<string, unknown>): Record<string, unknown> => ({
      transaction_id: 'a'.repeat(64),
      token_info: { symbol: 'USDT', address: USDT_MAINNET_CONTRACT, decimals: 6, name: 'Tether USD' },
      block_timestamp: T0,
      from: PAYEE,
      to: MEMBER,
      type: 'Transfer',
      value: '1000000',
      ...overrides,
    });
    const { fetch } = cannedFetch([
      {
        success: true,
        meta: { at: T0, page_size: 8 },
        data: [
          item({}),
          item({ transaction_id: 'b'.repeat(64), token_info: { ...FAKE_USDC } }),
          item({ transaction_id: 'c'.repeat(64), type: 'Approval' }),
          item({ transaction_id: 'd'.repeat(64), to: OTHER_MEMBER }),
          item({
            transaction_id: 'e'.repeat(64),
            token_info: { symbol: 'USDT', address: USDT_MAINNET_CONTRACT, decimals: 18 },
          }),
          item({ transaction_id: 'f'.repeat(64), value: '1.5' }),
          item({}),
          { transaction_id: '1'.repeat(64) },
        ],
      },
    ]);
    const result = await client({ url: 'http://trongrid.invalid' }, { fetch }).listIncomingTransfers(MEMBER);
    expect(result.transfers.map((t) => t.txId)).toEqual(['a'.repeat(64)]);
    expect(result.ignored.map((i) => [i.txId?.[0], i.reason])).toEqual([
      ['b', 'another token (USDC)'],
      ['c', 'not a transfer (Approval)'],
      ['d', `not to ${MEMBER}`],
      ['e', 'token reports 18 decimals, expected 6'],
      ['f', 'value is not a whole number of units ("1.5")'],
      ['a', 'a second transfer to this address in the same transaction'],
      ['1', 'malformed item'],
    ]);
  });

  it('refuses an answer that is not TronGrid’s page shape, and a bad address before calling', async () => {
    const { fetch, urls } = cannedFetch([{ hello: 'world' }]);
    const grid = client({ url: 'http://trongrid.invalid' }, { fetch });
    const error = await failure(grid.listIncomingTransfers(MEMBER));
    expect(error.kind).toBe('answer');
    await expect(grid.listIncomingTransfers('TNotAnAddress')).rejects.toThrow(/not a TRON address/);
    expect(urls).toHaveLength(1);
  });
});

describe('API key, retries and time limits', () => {
  it('sends the key in TRON-PRO-API-KEY on every call; a wrong key is refused without retrying', async () => {
    const server = await fake({ maxPageSize: 1 });
    server.addTransfer({ to: MEMBER, value: 1n, blockTimestamp: T0 });
    server.addTransfer({ to: MEMBER, value: 2n, blockTimestamp: T0 + 1 });
    await client(server).listIncomingTransfers(MEMBER);
    await client(server).getTransactionInfo('0'.repeat(64));
    expect(server.requests.length).toBeGreaterThanOrEqual(4);
    for (const request of server.requests) expect(request.headers['tron-pro-api-key']).toBe(API_KEY);

    const before = server.requests.length;
    const error = await failure(client(server, { apiKey: 'wrong-key' }).listIncomingTransfers(MEMBER));
    expect(error).toMatchObject({ kind: 'http', status: 401, attempts: 1, transient: false });
    expect(server.requests.length - before).toBe(1);
  });

  it('retries a 429 with back-off (honouring Retry-After) and then reads the answer', async () => {
    const server = await fake();
    server.addTransfer({ to: MEMBER, value: 42n, blockTimestamp: T0 });
    server.failNext('rate-limit');
    const { sleep, waits } = instantSleep();
    const calls: TronGridCall[] = [];
    const result = await client(server, { sleep, onCall: (c) => calls.push(c) }).listIncomingTransfers(
      MEMBER,
    );
    expect(result.transfers.map((t) => t.value)).toEqual([42n]);
    expect(waits).toEqual([1_000]); // Retry-After: 1 beats the first back-off step (375 ms at jitter 0.5)
    expect(calls.map((c) => [c.status, c.outcome, c.attempt])).toEqual([
      [429, 'retry', 1],
      [200, 'ok', 2],
    ]);
    expect(calls[0]?.startedAt).toEqual(FIXED_NOW);
    // Call records never hold the key.
    expect(JSON.stringify(calls)).not.toContain(API_KEY);
  });

  it('retries 500 and TronGrid’s 403 frequency limit with growing waits', async () => {
    const server = await fake();
    server.addTransfer({ to: MEMBER, value: 1n, blockTimestamp: T0 });
    server.failNext('server-error');
    server.failNext('frequency-limit');
    server.failNext('server-error');
    const { sleep, waits } = instantSleep();
    const result = await client(server, { sleep }).listIncomingTransfers(MEMBER);
    expect(result.transfers).toHaveLength(1);
    expect(waits).toEqual([375, 750, 1_500]);
  });

  it('gives up after its retries on a server that keeps failing, saying the failure was transient', async () => {
    const server = await fake();
    server.failNext('server-error', 10);
    const error = await failure(client(server, { retries: 2 }).listIncomingTransfers(MEMBER));
    expect(error).toMatchObject({ kind: 'http', status: 500, attempts: 3, transient: true });
    expect(server.requests).toHaveLength(3);
  });

  it('a hanging server ends in a timeout error after the retries', async () => {
    const server = await fake();
    server.failNext('hang', 3);
    const { sleep, waits } = instantSleep();
    const error = await failure(
      client(server, { timeoutMs: 100, retries: 2, sleep }).listIncomingTransfers(MEMBER),
    );
    expect(error).toMatchObject({ kind: 'timeout', status: null, attempts: 3, transient: true });
    expect(error.message).toMatch(/timeout after 100 ms/);
    expect(server.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('a refused connection is a network error, retried', async () => {
    const server = await fake();
    const url = server.url;
    await server.close();
    fakes.splice(fakes.indexOf(server), 1);
    const error = await failure(client({ url }, { retries: 1 }).listIncomingTransfers(MEMBER));
    expect(error).toMatchObject({ kind: 'network', attempts: 2, transient: true });
  });
});

describe('a withdrawal’s transaction id checked on chain (gettransactioninfobyid)', () => {
  it('paid: confirmed, successful, the right amount to the right address', async () => {
    const server = await fake();
    const tx = server.addTransfer({ to: PAYEE, value: 25_000_000n, blockTimestamp: T0 });
    const check = await client(server).verifyTransfer(tx.txId, { to: PAYEE, amount: 25_000_000n });
    expect(check.verdict).toBe('paid');
    expect(check.info).toMatchObject({
      state: 'confirmed',
      result: 'SUCCESS',
      contract: USDT_MAINNET_CONTRACT,
      blockNumber: tx.blockNumber,
      blockTimestamp: T0,
    });
    expect(check.info.transfers).toEqual([
      { contract: USDT_MAINNET_CONTRACT, from: tx.from, to: PAYEE, value: 25_000_000n },
    ]);
    // The SolidityNode view answered; the FullNode one was not needed.
    expect(server.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/walletsolidity/gettransactioninfobyid', JSON.stringify({ value: tx.txId })],
    ]);
  });

  it('wrong amount, wrong destination, another token, a reverted transaction, an unknown id', async () => {
    const server = await fake();
    const grid = client(server);
    const tx = server.addTransfer({ to: PAYEE, value: 25_000_000n, blockTimestamp: T0 });
    expect((await grid.verifyTransfer(tx.txId, { to: PAYEE, amount: 25_000_001n })).verdict).toBe(
      'wrong-amount',
    );
    expect((await grid.verifyTransfer(tx.txId, { to: MEMBER, amount: 25_000_000n })).verdict).toBe(
      'wrong-destination',
    );
    const usdc = server.addTransfer({ to: PAYEE, value: 25_000_000n, token: FAKE_USDC, blockTimestamp: T0 });
    expect((await grid.verifyTransfer(usdc.txId, { to: PAYEE, amount: 25_000_000n })).verdict).toBe(
      'wrong-token',
    );
    const reverted = server.addTransfer({ to: PAYEE, value: 25_000_000n, failed: true, blockTimestamp: T0 });
    const failed = await grid.verifyTransfer(reverted.txId, { to: PAYEE, amount: 25_000_000n });
    expect(failed.verdict).toBe('failed');
    expect(failed.detail).toMatch(/REVERT/);
    const unknown = await grid.verifyTransfer('ab'.repeat(32), { to: PAYEE, amount: 1n });
    expect(unknown.verdict).toBe('not-found');
    await expect(grid.verifyTransfer('not-a-tx-id', { to: PAYEE, amount: 1n })).rejects.toThrow(
      /transaction id/,
    );
  });

  it('unconfirmed until solidified, then paid; and short of the confirmations asked for', async () => {
    const server = await fake();
    const grid = client(server);
    const tx = server.addTransfer({ to: PAYEE, value: 1_000_000n, confirmed: false, blockTimestamp: T0 });
    const pending = await grid.verifyTransfer(tx.txId, { to: PAYEE, amount: 1_000_000n });
    expect(pending.verdict).toBe('unconfirmed');
    expect(pending.info.state).toBe('unconfirmed');
    // An amount mismatch shows before confirmation: the transaction's content will not change.
    expect((await grid.verifyTransfer(tx.txId, { to: PAYEE, amount: 2n })).verdict).toBe('wrong-amount');

    server.confirm(tx.txId);
    const shallow = await grid.verifyTransfer(tx.txId, {
      to: PAYEE,
      amount: 1_000_000n,
      minConfirmations: 20,
    });
    expect(shallow).toMatchObject({ verdict: 'unconfirmed', confirmations: 1 });
    server.mine(19);
    const deep = await grid.verifyTransfer(tx.txId, { to: PAYEE, amount: 1_000_000n, minConfirmations: 20 });
    expect(deep).toMatchObject({ verdict: 'paid', confirmations: 20 });
    expect(await grid.latestBlockNumber()).toBe(server.headBlock);
  });

  it('reads a real mainnet receipt (Ledger Live’s fixture of USDT transfer 0130dfde…ea99)', async () => {
    const txId = '0130dfde9281a48378109039ef512229d5359fbee2a8adbb17ad73aebc67ea99';
    const receipt = {
      id: txId,
      fee: 26420100,
      blockNumber: 69316562,
      blockTimeStamp: 1738601505000,
      contractResult: ['0000000000000000000000000000000000000000000000000000000000000000'],
      contract_address: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
      receipt: {
        energy_usage: 4475,
        energy_fee: 26420100,
        energy_usage_total: 130285,
        net_usage: 345,
        result: 'SUCCESS',
        energy_penalty_total: 100635,
      },
      log: [
        {
          address: 'a614f803b6fd780986a42c78ec9c7f77e6ded13c',
          topics: [
            'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
            '0000000000000000000000006e3b44b96104b26f84057974a1f0c9880f7c9b13',
            '000000000000000000000000ec20315a879c48f5e3a6a1c9826d5225f8b658b8',
          ],
          data: '00000000000000000000000000000000000000000000000000000000027bf24d',
        },
      ],
    };
    expect(TRC20_TRANSFER_TOPIC).toBe(receipt.log[0]?.topics[0]);
    const { fetch, urls } = cannedFetch([receipt]);
    const check = await client({ url: 'http://trongrid.invalid' }, { fetch }).verifyTransfer(txId, {
      to: 'TXVj38D1XR3TPgSHTCZGC8wkLDAGqF1oqx',
      amount: 41_677_389n, // the same transfer's v1 "value" in Ledger Live's TRC-20 fixture
    });
    expect(check.verdict).toBe('paid');
    expect(check.info.transfers).toEqual([
      {
        contract: USDT_MAINNET_CONTRACT,
        from: 'TL24LCps5FKwp3PoU1MvrYrwhi5LU1tHre',
        to: 'TXVj38D1XR3TPgSHTCZGC8wkLDAGqF1oqx',
        value: 41_677_389n,
      },
    ]);
    expect(urls).toEqual(['http://trongrid.invalid/walletsolidity/gettransactioninfobyid']);
  });
});

describe('amount text', () => {
  it('formats and parses USDT amounts exactly, without floats', () => {
    expect(formatUnits(41_677_389n)).toBe('41.677389');
    expect(formatUnits(1_000_000n)).toBe('1');
    expect(formatUnits(1n)).toBe('0.000001');
    expect(formatUnits(123_456_789_012_345_678n)).toBe('123456789012.345678');
    expect(parseTokenAmount('12.5')).toBe(12_500_000n);
    expect(parseTokenAmount('0.000001')).toBe(1n);
    expect(parseTokenAmount('100')).toBe(100_000_000n);
    expect(() => parseTokenAmount('0.0000001')).toThrow(/more than 6 decimals/);
    expect(() => parseTokenAmount('1e3')).toThrow(/not an amount/);
  });
});

describe('the fake', () => {
  it('refuses a call without the key, and both confirmation filters at once', async () => {
    const server = await fake();
    const bare = await fetch(`${server.url}/v1/accounts/${MEMBER}/transactions/trc20`);
    expect(bare.status).toBe(401);
    const both = await fetch(
      `${server.url}/v1/accounts/${MEMBER}/transactions/trc20?only_confirmed=true&only_unconfirmed=true`,
      { headers: { 'TRON-PRO-API-KEY': API_KEY } },
    );
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({ success: false, statusCode: 400 });
  });

  it('pages newest first by default with meta.links.next, and takes hex addresses and camelCase', async () => {
    const server = await fake({ maxPageSize: 1 });
    server.addTransfer({ to: MEMBER, value: 1n, blockTimestamp: T0 });
    server.addTransfer({ to: MEMBER, value: 2n, blockTimestamp: T0 + 1 });
    const headers = { 'TRON-PRO-API-KEY': API_KEY };
    const hex = tronAddressToHex(MEMBER);
    const first = (await (
      await fetch(`${server.url}/v1/accounts/${hex}/transactions/trc20?onlyConfirmed=true`, { headers })
    ).json()) as {
      data: Array<{ value: string }>;
      meta: { fingerprint?: string; links?: { next?: string } };
    };
    expect(first.data.map((d) => d.value)).toEqual(['2']);
    expect(first.meta.links?.next).toContain(`fingerprint=${first.meta.fingerprint ?? ''}`);
    const second = (await (await fetch(first.meta.links?.next ?? '', { headers })).json()) as {
      data: Array<{ value: string }>;
      meta: { fingerprint?: string };
    };
    expect(second.data.map((d) => d.value)).toEqual(['1']);
    expect(second.meta.fingerprint).toBeUndefined();
  });
});
