import { afterEach, describe, expect, it } from 'vitest';
import { SmsSendError } from '../../modules/verification/index.ts';
import type { SmsMessage } from '../../modules/verification/index.ts';
import { AliyunSms, classifyAliyunCode } from './aliyun-sms.ts';
import type { AliyunSmsOptions } from './aliyun-sms.ts';
import { startAliyunSmsFake } from './fake.ts';
import type { AliyunSmsFake, AliyunSmsFakeOptions } from './fake.ts';
import { canonicalQuery, percentEncode, rpcTimestamp, signRpc, stringToSign } from './signature.ts';

const FIXED_NOW = new Date('2026-11-30T10:00:00Z');
const fixedClock = (): Date => FIXED_NOW;
const KEY_ID = 'LTAI-test-key-id';
const SECRET = 'test-secret-never-on-the-wire';
const MESSAGE: SmsMessage = { phone: '13800138000', code: '123456', purpose: 'register', validMinutes: 5 };

/** Nonces n-1, n-2, … : unique per request and predictable. */
function counterNonce(): () => string {
  let n = 0;
  return () => `nonce-${++n}`;
}

/** A sleep that records what it was asked to wait and returns at once. */
function instantSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

const fakes: AliyunSmsFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function fake(overrides: Partial<AliyunSmsFakeOptions> = {}): Promise<AliyunSmsFake> {
  const started = await startAliyunSmsFake({
    accessKeys: { [KEY_ID]: SECRET },
    now: fixedClock,
    signNames: ['测试签名'],
    templateCodes: ['SMS_100000001'],
    ...overrides,
  });
  fakes.push(started);
  return started;
}

function adapter(server: AliyunSmsFake, overrides: Partial<AliyunSmsOptions> = {}): AliyunSms {
  return new AliyunSms({
    accessKeyId: KEY_ID,
    accessKeySecret: SECRET,
    signName: '测试签名',
    templateCode: 'SMS_100000001',
    endpoint: server.url,
    now: fixedClock,
    nonce: counterNonce(),
    sleep: instantSleep().sleep,
    random: () => 0.5,
    ...overrides,
  });
}

/** The SmsSendError a send throws (fails the test if it resolves). */
async function sendError(promise: Promise<unknown>): Promise<SmsSendError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('Aliyun RPC signature v1.0 (signature.ts)', () => {
  it('reproduces the SMS documentation example (SendSms, testId / testSecret, GET)', () => {
    // 短信服务「签名机制」(help.aliyun.com/document_detail/101343): the example's parameters,
    // its sorted query, string to sign and signature, character for character.
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(canonicalQuery(params)).toBe(
      'AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001' +
        '&RegionId=cn-hangzhou&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8' +
        '&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0' +
        '&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D' +
        '&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25',
    );
    expect(stringToSign('GET', params)).toBe(
      'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123' +
        '%26PhoneNumbers%3D15300000001%26RegionId%3Dcn-hangzhou' +
        '%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8' +
        '%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466' +
        '%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007' +
        '%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D' +
        '%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25',
    );
    expect(signRpc('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(percentEncode('zJDF+Lrzhj/ThnlvIToysFRq6t4=')).toBe('zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D');
  });

  it('reproduces the RPC signature mechanism example (ECS DescribeRegions, testid / testsecret)', () => {
    // 签名机制 (help.aliyun.com/document_detail/28839 and its English pages).
    const params = {
      Timestamp: '2016-02-23T12:46:24Z',
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      SignatureVersion: '1.0',
    };
    expect(signRpc('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('encodes the POP way: %20 for a space, %2A for *, ~ left alone, UTF-8 bytes', () => {
    expect(percentEncode("a b*c~d!'()+/:=&")).toBe('a%20b%2Ac~d%21%27%28%29%2B%2F%3A%3D%26');
    expect(percentEncode('-_.~AZaz09')).toBe('-_.~AZaz09');
    expect(percentEncode('验证码')).toBe('%E9%AA%8C%E8%AF%81%E7%A0%81');
  });

  it('sorts by name, leaves Signature out, and signs the method', () => {
    expect(canonicalQuery({ b: '2', a: '1', Signature: 'x', B: '3' })).toBe('B=3&a=1&b=2');
    expect(signRpc('POST', { a: '1' }, 's')).not.toBe(signRpc('GET', { a: '1' }, 's'));
  });

  it('writes Timestamp as ISO 8601 UTC to the second', () => {
    expect(rpcTimestamp(new Date('2026-11-30T10:00:00.789Z'))).toBe('2026-11-30T10:00:00Z');
  });
});

describe('AliyunSms against the fake over loopback', () => {
  it('delivers the code with the approved 签名 and template and returns the BizId', async () => {
    const server = await fake();
    const result = await adapter(server).send(MESSAGE);

    expect(server.sent).toHaveLength(1);
    const sms = server.sent[0];
    expect(sms).toMatchObject({
      accessKeyId: KEY_ID,
      phoneNumbers: '13800138000',
      signName: '测试签名',
      templateCode: 'SMS_100000001',
      templateParam: { code: '123456' },
    });
    expect(result.providerMessageId).toBe(sms?.bizId);
    expect(result.detail).toBe(`OK RequestId ${sms?.requestId}`);
  });

  it('sends one signed POST carrying every documented parameter', async () => {
    const server = await fake();
    await adapter(server).send(MESSAGE);

    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/');
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const params = Object.fromEntries(new URLSearchParams(request?.body));
    const { Signature, ...signed } = params;
    expect(signed).toEqual({
      AccessKeyId: KEY_ID,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '13800138000',
      SignName: '测试签名',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: 'nonce-1',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_100000001',
      TemplateParam: '{"code":"123456"}',
      Timestamp: '2026-11-30T10:00:00Z',
      Version: '2017-05-25',
    });
    expect(Signature).toBe(signRpc('POST', signed, SECRET));
  });

  it('never puts the secret on the wire', async () => {
    const server = await fake();
    const outgoing: string[] = [];
    const spy: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      const body = typeof init?.body === 'string' ? init.body : '';
      outgoing.push(url, JSON.stringify(init?.headers ?? {}), body);
      return fetch(input, init);
    };
    await adapter(server, { fetch: spy }).send(MESSAGE);

    expect(outgoing.length).toBeGreaterThan(0);
    for (const part of outgoing) expect(part).not.toContain(SECRET);
    for (const request of server.requests) {
      expect(request.url + JSON.stringify(request.headers) + request.body).not.toContain(SECRET);
      expect(request.body).not.toContain(encodeURIComponent(SECRET));
    }
  });

  it('a wrong secret is SignatureDoesNotMatch: permanent, not retried, nothing delivered', async () => {
    const server = await fake();
    const error = await sendError(adapter(server, { accessKeySecret: 'wrong-secret' }).send(MESSAGE));

    expect(error.permanent).toBe(true);
    expect(error.detail).toMatch(/^SignatureDoesNotMatch Specified signature is not matched/);
    expect(server.requests).toHaveLength(1);
    expect(server.sent).toHaveLength(0);
  });

  it('an unknown AccessKey ID is InvalidAccessKeyId.NotFound: permanent', async () => {
    const server = await fake();
    const error = await sendError(adapter(server, { accessKeyId: 'LTAI-nobody' }).send(MESSAGE));

    expect(error.permanent).toBe(true);
    expect(error.detail).toBe('InvalidAccessKeyId.NotFound Specified access key is not found.');
    expect(server.requests).toHaveLength(1);
  });

  it('an illegal number is isv.MOBILE_NUMBER_ILLEGAL: permanent, not retried', async () => {
    const server = await fake();
    const error = await sendError(adapter(server).send({ ...MESSAGE, phone: '12345678901' }));

    expect(error.permanent).toBe(true);
    expect(error.detail).toBe('isv.MOBILE_NUMBER_ILLEGAL 非法手机号');
    expect(server.requests).toHaveLength(1);
    expect(server.sent).toHaveLength(0);
  });

  it('a template that is not approved is isv.SMS_TEMPLATE_ILLEGAL: permanent', async () => {
    const server = await fake();
    const error = await sendError(adapter(server, { templateCode: 'SMS_999' }).send(MESSAGE));

    expect(error.permanent).toBe(true);
    expect(error.detail).toBe('isv.SMS_TEMPLATE_ILLEGAL 该账号下找不到对应模板');
  });

  it('never sends more than one number (PhoneNumbers takes a list)', async () => {
    const server = await fake();
    const error = await sendError(adapter(server).send({ ...MESSAGE, phone: '13800138000,13900139000' }));

    expect(error.permanent).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('retries after throttling (isv.BUSINESS_LIMIT_CONTROL) and delivers', async () => {
    const server = await fake();
    server.failNext('throttle');
    const { sleep, waits } = instantSleep();
    const result = await adapter(server, { sleep }).send(MESSAGE);

    expect(server.requests).toHaveLength(2);
    expect(server.sent).toHaveLength(1);
    expect(result.providerMessageId).toBe(server.sent[0]?.bizId);
    expect(waits).toEqual([150]);
  });

  it('retries after HTTP 500 twice, backing off exponentially with a fresh nonce each time', async () => {
    const server = await fake();
    server.failNext('server-error', 2);
    const { sleep, waits } = instantSleep();
    const result = await adapter(server, { sleep }).send(MESSAGE);

    expect(result.providerMessageId).toBe(server.sent[0]?.bizId);
    expect(server.requests).toHaveLength(3);
    expect(server.sent).toHaveLength(1);
    // random() = 0.5: half the step plus half of its half.
    expect(waits).toEqual([150, 300]);
    const nonces = server.requests.map((r) => new URLSearchParams(r.body).get('SignatureNonce'));
    expect(nonces).toEqual(['nonce-1', 'nonce-2', 'nonce-3']);
  });

  it('gives up after the retries when the server keeps failing: not permanent', async () => {
    const server = await fake();
    server.failNext('server-error', 3);
    const { sleep, waits } = instantSleep();
    const error = await sendError(adapter(server, { sleep }).send(MESSAGE));

    expect(error.permanent).toBe(false);
    expect(error.detail).toMatch(/^HTTP 500 InternalError/);
    expect(server.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('times out on a hanging server, retries, then fails not permanent', async () => {
    const server = await fake();
    server.failNext('hang', 3);
    const { sleep, waits } = instantSleep();
    const error = await sendError(adapter(server, { sleep, timeoutMs: 100 }).send(MESSAGE));

    expect(error.permanent).toBe(false);
    expect(error.detail).toBe('timeout after 100 ms');
    expect(server.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(server.sent).toHaveLength(0);
  });

  it('a hanging first try is retried and the message delivered', async () => {
    const server = await fake();
    server.failNext('hang');
    const result = await adapter(server, { timeoutMs: 100 }).send(MESSAGE);

    expect(result.providerMessageId).toBe(server.sent[0]?.bizId);
    expect(server.requests).toHaveLength(2);
  });

  it('an unreachable endpoint is a network error, retried, not permanent', async () => {
    const server = await fake();
    const url = server.url;
    await server.close();
    const { sleep, waits } = instantSleep();
    const error = await sendError(adapter({ ...server, url }, { sleep, retries: 1 }).send(MESSAGE));

    expect(error.permanent).toBe(false);
    expect(error.detail).toMatch(/^network error/);
    expect(waits).toHaveLength(1);
  });
});

describe('the fake checks what Aliyun checks', () => {
  it('refuses a reused SignatureNonce', async () => {
    const server = await fake();
    const sms = adapter(server, { nonce: () => 'same-nonce', retries: 0 });
    await sms.send(MESSAGE);
    const error = await sendError(sms.send(MESSAGE));

    expect(error.detail).toBe('SignatureNonceUsed Specified signature nonce was used already.');
    expect(error.permanent).toBe(false);
    expect(server.sent).toHaveLength(1);
  });

  it('refuses a Timestamp more than 15 minutes off', async () => {
    const server = await fake();
    const late = (): Date => new Date(FIXED_NOW.getTime() - 16 * 60_000);
    const error = await sendError(adapter(server, { now: late, retries: 0 }).send(MESSAGE));

    expect(error.detail).toBe('InvalidTimeStamp.Expired Specified time stamp or date value is expired.');
    expect(error.permanent).toBe(false);
  });

  it('answers refusals in Aliyun’s JSON with its HTTP statuses', async () => {
    const server = await fake();
    const post = (body: string): Promise<Response> =>
      fetch(`${server.url}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });

    const missing = await post('Action=SendSms');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ Code: 'MissingVersion', HostId: 'dysmsapi.aliyuncs.com' });

    const params: Record<string, string> = {
      Action: 'SendSms',
      Version: '2017-05-25',
      AccessKeyId: 'LTAI-nobody',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      SignatureNonce: 'n',
      Timestamp: rpcTimestamp(FIXED_NOW),
      PhoneNumbers: '13800138000',
      SignName: '测试签名',
      TemplateCode: 'SMS_100000001',
      TemplateParam: '{"code":"1"}',
    };
    const unknown = await post(`${new URLSearchParams(params).toString()}&Signature=x`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ Code: 'InvalidAccessKeyId.NotFound' });

    params.AccessKeyId = KEY_ID;
    const forged = await post(
      `${new URLSearchParams(params).toString()}&Signature=${signRpc('POST', params, 'other')}`,
    );
    expect(forged.status).toBe(400);
    const body = (await forged.json()) as { Code: string; RequestId: string };
    expect(body.Code).toBe('SignatureDoesNotMatch');
    expect(body.RequestId).toMatch(/^[0-9A-F-]{36}$/);
    expect(server.sent).toHaveLength(0);
  });

  it('accepts a GET signed as GET, as the documentation shows', async () => {
    const server = await fake();
    const params: Record<string, string> = {
      Action: 'SendSms',
      Version: '2017-05-25',
      Format: 'JSON',
      AccessKeyId: KEY_ID,
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      SignatureNonce: 'get-1',
      Timestamp: rpcTimestamp(FIXED_NOW),
      PhoneNumbers: '+8613800138000',
      SignName: '测试签名',
      TemplateCode: 'SMS_100000001',
      TemplateParam: '{"code":"654321"}',
    };
    const query = `${canonicalQuery(params)}&Signature=${percentEncode(signRpc('GET', params, SECRET))}`;
    const answer = await fetch(`${server.url}/?${query}`);

    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ Code: 'OK', Message: 'OK' });
    expect(server.sent[0]?.templateParam).toEqual({ code: '654321' });
  });
});

describe('configuration and classification', () => {
  it('fromEnv names every missing variable', () => {
    expect(() => AliyunSms.fromEnv({ ALIYUN_SMS_ACCESS_KEY_ID: 'id', ALIYUN_SMS_SIGN_NAME: ' ' })).toThrow(
      'SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE',
    );
  });

  it('fromEnv builds the adapter with the default endpoint', () => {
    const sms = AliyunSms.fromEnv({
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '测试签名',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    });
    expect(sms.name).toBe('aliyun');
    expect(sms.showsCodes).toBe(false);
  });

  it('fromEnv refuses an endpoint that is not a base URL', () => {
    expect(() =>
      AliyunSms.fromEnv({
        ALIYUN_SMS_ACCESS_KEY_ID: 'id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: '测试签名',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
        ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com',
      }),
    ).toThrow(/endpoint must be http/);
  });

  it('classifies refusals: throttling retried, configuration and number permanent, the rest not', () => {
    expect(classifyAliyunCode('isv.BUSINESS_LIMIT_CONTROL')).toBe('retry');
    expect(classifyAliyunCode('Throttling.User')).toBe('retry');
    expect(classifyAliyunCode('isv.MOBILE_NUMBER_ILLEGAL')).toBe('permanent');
    expect(classifyAliyunCode('isv.AMOUNT_NOT_ENOUGH')).toBe('permanent');
    expect(classifyAliyunCode('isv.SMS_TEMPLATE_ILLEGAL')).toBe('permanent');
    expect(classifyAliyunCode('SignatureDoesNotMatch')).toBe('permanent');
    expect(classifyAliyunCode('MissingSignName')).toBe('permanent');
    expect(classifyAliyunCode('InvalidTimeStamp.Expired')).toBe('refused');
    expect(classifyAliyunCode('isv.DAY_LIMIT_CONTROL')).toBe('refused');
    expect(classifyAliyunCode('isp.SYSTEM_ERROR')).toBe('refused');
  });
});
