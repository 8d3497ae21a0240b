/**
 * The recorder of adapters' calls (call-log.ts) around the real adapters and their fakes over
 * loopback: every try recorded with its outcome and attempt, secrets masked, the call untouched by
 * whatever the recording does; and the retries with back-off of the reads (a fake failing twice,
 * then answering), never of an order creation.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AliyunSms } from './aliyun-sms/aliyun-sms.ts';
import { startAliyunSmsFake } from './aliyun-sms/fake.ts';
import {
  ALIYUN_SMS_PROFILE,
  EPAY_PROFILE,
  maskValue,
  recordedFetch,
  SPORTTERY_PROFILE,
  TRONGRID_PROFILE,
  type AdapterCall,
  type AdapterCallProfile,
  type AdapterCallSink,
} from './call-log.ts';
import { EpayError, EpayGateway } from './epay/epay.ts';
import { startEpayFake } from './epay/fake.ts';
import { startSportteryFake } from './sporttery/fake.ts';
import { SportteryFeed } from './sporttery/sporttery.ts';
import { startTronGridFake } from './trongrid/fake.ts';
import { TronGrid } from './trongrid/trongrid.ts';

const NOW = new Date('2026-11-30T10:00:00Z');
const PID = '1001';
const KEY = 'Xo9fK2mB7qL4tR8vW1zY3cN6hJ5pD0sA';
const ORDER_NO = 'D20261130180000123456';

/** A sink that keeps the records and lets a test wait for the n-th (records follow the answer). */
function collector(): AdapterCallSink & {
  calls: AdapterCall[];
  count: (n: number) => Promise<AdapterCall[]>;
} {
  const calls: AdapterCall[] = [];
  const waiting: Array<{ n: number; resolve: (calls: AdapterCall[]) => void }> = [];
  return {
    calls,
    record(call) {
      calls.push(call);
      for (const w of waiting.splice(0)) {
        if (calls.length >= w.n) w.resolve(calls);
        else waiting.push(w);
      }
    },
    count: (n) =>
      calls.length >= n ? Promise.resolve(calls) : new Promise((resolve) => waiting.push({ n, resolve })),
  };
}

/** Sleeps that return at once and remember what was asked. */
function sleeps() {
  const asked: number[] = [];
  return { asked, sleep: async (ms: number) => void asked.push(ms) };
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

function recorded(adapter: string, profile: AdapterCallProfile, sink: AdapterCallSink) {
  let ms = 0;
  // Each call takes 7 ms on this monotonic reading.
  return recordedFetch(adapter, profile, sink, { now: () => NOW, monotonic: () => (ms += 7) / 2 });
}

async function epayFake() {
  const fake = await startEpayFake({
    merchants: { [PID]: KEY },
    now: () => NOW,
    fetch: async () => new Response('success'),
  });
  closers.push(() => fake.close());
  return fake;
}

describe('易支付 through the recorder', () => {
  it('tries the order query again with back-off after two HTTP 500s, and records each try', async () => {
    const fake = await epayFake();
    const sink = collector();
    const wait = sleeps();
    const epay = new EpayGateway({
      apiUrl: fake.url,
      pid: PID,
      key: KEY,
      mode: 'api',
      sleep: wait.sleep,
      random: () => 0.5,
      fetch: recorded('epay', EPAY_PROFILE, sink),
    });
    fake.failNext('server-error', 2);

    expect(await epay.queryPayment(ORDER_NO)).toEqual({ state: 'unpaid' });

    const calls = await sink.count(3);
    expect(calls.map((c) => [c.operation, c.method, c.status, c.outcome, c.attempt])).toEqual([
      ['query:order', 'GET', 500, 'http_error', 1],
      ['query:order', 'GET', 500, 'http_error', 2],
      // 订单号不存在: the gateway's own refusal, which the adapter reads as unpaid.
      ['query:order', 'GET', 200, 'refused', 3],
    ]);
    // Exponential with equal jitter: 300 ms → 225 (half fixed + half × 0.5), 600 ms → 450.
    expect(wait.asked).toEqual([225, 450]);
    expect(calls[0]!.url).toBe(`${fake.url}api.php?act=order&pid=${PID}&key=***&out_trade_no=${ORDER_NO}`);
    expect(calls[0]!.request).toBeNull();
    expect(calls[2]!.answer).toContain('"code":-1');
    expect(calls[0]!.createdAt).toEqual(NOW);
    expect(calls[0]!.durationMs).toBeGreaterThan(0);
    expect(JSON.stringify(calls)).not.toContain(KEY);
  });

  it('gives up after its retries, and never tries a refusal or a bad answer again', async () => {
    const fake = await epayFake();
    const sink = collector();
    const wait = sleeps();
    const epay = new EpayGateway({
      apiUrl: fake.url,
      pid: PID,
      key: KEY,
      mode: 'api',
      sleep: wait.sleep,
      random: () => 0,
      fetch: recorded('epay', EPAY_PROFILE, sink),
    });
    fake.failNext('server-error', 3);
    await expect(epay.queryPayment(ORDER_NO)).rejects.toThrow('EPay api.php: HTTP 500');
    expect(wait.asked).toEqual([150, 300]);
    fake.failNext('garbage');
    await expect(epay.queryPayment(ORDER_NO)).rejects.toThrow('not a JSON object');
    const calls = await sink.count(4);
    expect(calls.map((c) => [c.outcome, c.attempt])).toEqual([
      ['http_error', 1],
      ['http_error', 2],
      ['http_error', 3],
      // The same request again after failures: its 4th try in a row.
      ['invalid', 4],
    ]);
    expect(wait.asked).toHaveLength(2);
  });

  it('opens an order at mapi.php once, even when the gateway fails (no blind re-send)', async () => {
    const fake = await epayFake();
    const sink = collector();
    const wait = sleeps();
    const epay = new EpayGateway({
      apiUrl: fake.url,
      pid: PID,
      key: KEY,
      mode: 'api',
      sleep: wait.sleep,
      fetch: recorded('epay', EPAY_PROFILE, sink),
    });
    const request = {
      orderNo: ORDER_NO,
      amount: 10_000n,
      subject: '充值 支付宝',
      method: 'alipay' as const,
      notifyUrl: 'https://m.example.com/v1/payment-orders/notify/epay',
      returnUrl: 'https://m.example.com/',
      clientIp: '203.0.113.7',
    };
    fake.failNext('server-error');
    await expect(epay.createPayment(request)).rejects.toBeInstanceOf(EpayError);
    expect(wait.asked).toEqual([]);
    expect(fake.orders).toHaveLength(0);
    const opened = await epay.createPayment(request);
    expect(opened.tradeNo).toMatch(/^\d+$/);

    const calls = await sink.count(2);
    expect(calls.map((c) => [c.operation, c.method, c.outcome, c.attempt])).toEqual([
      ['order', 'POST', 'http_error', 1],
      ['order', 'POST', 'ok', 2],
    ]);
    const form = new URLSearchParams(calls[1]!.request ?? '');
    expect(form.get('out_trade_no')).toBe(ORDER_NO);
    expect(form.get('clientip')).toBe('203.0.113.7');
    expect(form.get('sign')).toMatch(/^[0-9a-f]{4}…$/);
    expect(calls[1]!.answer).toContain('trade_no');
  });

  it('records a time-out and a refused connection, and the adapter sees the same errors', async () => {
    const fake = await epayFake();
    const sink = collector();
    const epay = new EpayGateway({
      apiUrl: fake.url,
      pid: PID,
      key: KEY,
      mode: 'api',
      timeoutMs: 100,
      retries: 0,
      fetch: recorded('epay', EPAY_PROFILE, sink),
    });
    fake.failNext('hang');
    await expect(epay.queryPayment(ORDER_NO)).rejects.toThrow('timeout after 100 ms');
    const url = fake.url;
    await fake.close();
    const closed = new EpayGateway({
      apiUrl: url,
      pid: PID,
      key: KEY,
      mode: 'api',
      retries: 0,
      fetch: recorded('epay', EPAY_PROFILE, sink),
    });
    await expect(closed.queryPayment(ORDER_NO)).rejects.toThrow(/network error/);
    const calls = await sink.count(2);
    expect(calls.map((c) => [c.outcome, c.status])).toEqual([
      ['timeout', null],
      ['network', null],
    ]);
    expect(calls[1]!.answer).toMatch(/ECONNREFUSED/);
  });
});

describe('what recording may not do', () => {
  it('never breaks or changes a call: a sink that throws, an answer read by the adapter alone', async () => {
    const fake = await epayFake();
    const throwing: AdapterCallSink = {
      record: () => {
        throw new Error('database down');
      },
    };
    const epay = new EpayGateway({
      apiUrl: fake.url,
      pid: PID,
      key: KEY,
      mode: 'api',
      fetch: recorded('epay', EPAY_PROFILE, throwing),
    });
    expect(await epay.queryPayment(ORDER_NO)).toEqual({ state: 'unpaid' });
  });

  it('masks secrets, signatures, codes and phone numbers', () => {
    expect(maskValue('key', KEY)).toBe('***');
    expect(maskValue('sign', 'abcdef0123')).toBe('abcd…');
    expect(maskValue('Signature', 'Zm9vYmFy')).toBe('Zm9v…');
    expect(maskValue('AccessKeyId', 'LTAI5tExample')).toBe('LTAI…');
    expect(maskValue('TemplateParam', '{"code":"123456"}')).toBe('***');
    expect(maskValue('PhoneNumbers', '13800138000')).toBe('138****8000');
    expect(maskValue('out_trade_no', ORDER_NO)).toBe(ORDER_NO);
  });
});

describe('the other providers through the recorder', () => {
  it('sporttery: a calculator GET failing twice is tried again and recorded per try', async () => {
    const fake = await startSportteryFake();
    closers.push(() => fake.close());
    const sink = collector();
    const wait = sleeps();
    const feed = new SportteryFeed({
      baseUrl: fake.url,
      retries: 2,
      sleep: wait.sleep,
      random: () => 1 - Number.EPSILON,
      fetch: recorded('sporttery', SPORTTERY_PROFILE, sink),
    });
    fake.failNext('server-error', { times: 2, source: 'footballCalculator' });

    const report = await feed.poll(new Date('2026-06-19T12:00:00Z'));

    expect(report.failures).toEqual([]);
    expect(wait.asked).toEqual([250, 500]);
    const calls = await sink.count(4);
    const football = calls.filter((c) => c.operation === 'football:getMatchCalculatorV1');
    expect(football.map((c) => [c.status, c.outcome, c.attempt])).toEqual([
      [500, 'http_error', 1],
      [500, 'http_error', 2],
      [200, 'ok', 3],
    ]);
    expect(calls.find((c) => c.operation === 'basketball:getMatchCalculatorV1')?.outcome).toBe('ok');
    expect(football[2]!.answer!.length).toBeLessThan(2_100);
  });

  it('sporttery: a garbled answer is not tried again (the WAF page will not change in 250 ms)', async () => {
    const fake = await startSportteryFake();
    closers.push(() => fake.close());
    const wait = sleeps();
    const sink = collector();
    const feed = new SportteryFeed({
      baseUrl: fake.url,
      retries: 2,
      sleep: wait.sleep,
      fetch: recorded('sporttery', SPORTTERY_PROFILE, sink),
    });
    fake.failNext('garbage', { times: 1, source: 'footballCalculator' });
    const report = await feed.poll(new Date('2026-06-19T12:00:00Z'));
    expect(report.failures.map((f) => f.reason)).toEqual(['not-json']);
    expect(wait.asked).toEqual([]);
    const calls = await sink.count(2);
    expect(calls.map((c) => c.outcome).sort()).toEqual(['invalid', 'ok']);
  });

  it('trongrid: its own retries show as attempts; the key (a header) is never recorded', async () => {
    const apiKey = 'trongrid-test-key-0123456789';
    const fake = await startTronGridFake({ apiKeys: [apiKey], now: () => NOW });
    closers.push(() => fake.close());
    const sink = collector();
    const grid = new TronGrid({
      apiKey,
      url: fake.url,
      sleep: sleeps().sleep,
      fetch: recorded('trongrid', TRONGRID_PROFILE, sink),
    });
    fake.failNext('server-error', 2);
    await grid.latestBlockNumber();
    const calls = await sink.count(3);
    expect(calls.map((c) => [c.operation, c.method, c.outcome, c.attempt])).toEqual([
      ['wallet/getnowblock', 'POST', 'http_error', 1],
      ['wallet/getnowblock', 'POST', 'http_error', 2],
      ['wallet/getnowblock', 'POST', 'ok', 3],
    ]);
    expect(JSON.stringify(calls)).not.toContain(apiKey);
  });

  it('aliyun-sms: the verification code, the signature and the number are masked', async () => {
    const secret = 'aliyun-secret-0123456789abcdef';
    const fake = await startAliyunSmsFake({ accessKeys: { LTAI5tTestKeyId: secret }, now: () => NOW });
    closers.push(() => fake.close());
    const sink = collector();
    const sms = new AliyunSms({
      accessKeyId: 'LTAI5tTestKeyId',
      accessKeySecret: secret,
      signName: '测试签名',
      templateCode: 'SMS_100000001',
      endpoint: fake.url,
      now: () => NOW,
      sleep: sleeps().sleep,
      fetch: recorded('aliyun-sms', ALIYUN_SMS_PROFILE, sink),
    });
    await sms.send({ phone: '13800138000', code: '482913', purpose: 'register', validMinutes: 5 });
    const [call] = await sink.count(1);
    const form = new URLSearchParams(call!.request ?? '');
    expect([call!.operation, call!.outcome, call!.attempt]).toEqual(['SendSms', 'ok', 1]);
    expect(form.get('PhoneNumbers')).toBe('138****8000');
    expect(form.get('TemplateParam')).toBe('***');
    expect(form.get('Signature')).toMatch(/^.{4}…$/);
    expect(form.get('AccessKeyId')).toBe('LTAI…');
    expect(JSON.stringify(call)).not.toContain('482913');
    expect(JSON.stringify(call)).not.toContain(secret);
  });
});
