/** Helpers for the finance module tests: deposits through the simulator, payment password, cards. */
import { expect } from 'vitest';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { isLuhnValid } from '@app/shared';
import { signNotification } from './gateway.ts';
import { as, body, type TestApp, type TestMember } from '../../test/harness.ts';

export const VALID_CARD = '6222021234567890128';
export const VALID_TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** A TRC20 address no other test binds: Base58Check of 0x41 and 20 random bytes. */
export function uniqueTrc20(): string {
  const payload = Buffer.concat([Buffer.from([0x41]), randomBytes(20)]);
  const sha = (b: Buffer) => createHash('sha256').update(b).digest();
  const bytes = Buffer.concat([payload, sha(sha(payload)).subarray(0, 4)]);
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 58n)]! + out;
    n /= 58n;
  }
  return out;
}

/** A bank card number no other test binds (a card belongs to one member): 19 digits passing Luhn. */
export function uniqueCard(): string {
  const body = `622202${String(randomInt(1e12)).padStart(12, '0')}`;
  for (let check = 0; check <= 9; check++) if (isLuhnValid(`${body}${check}`)) return `${body}${check}`;
  throw new Error('unreachable');
}

export interface CreatedOrder {
  order: { id: number; order_no: string; amount: string; status: string };
  pay_url: string | null;
  deposit_address: string | null;
}

export async function createOrder(
  t: TestApp,
  m: TestMember,
  payload: Record<string, unknown>,
): Promise<CreatedOrder> {
  const res = await as(t.app, m, { method: 'POST', url: '/v1/payment-orders', payload });
  expect(res.statusCode, res.body).toBe(200);
  return body<CreatedOrder>(res).data;
}

/** The payer presses a button on the simulator's hosted page (which notifies us in-process). */
export function pressGateway(t: TestApp, payUrl: string, action: 'pay' | 'fail') {
  return t.app.inject({ method: 'POST', url: `${payUrl}/${action}` });
}

/** A gateway deposit paid end to end: order, hosted page, signed callback. */
export async function deposit(
  t: TestApp,
  m: TestMember,
  amount: string,
  method = 'alipay',
): Promise<CreatedOrder> {
  const created = await createOrder(t, m, { method, amount });
  const res = await pressGateway(t, created.pay_url!, 'pay');
  expect(res.statusCode).toBe(303);
  return created;
}

/** The gateway's trade number of an order opened at the simulator (from its hosted page's address). */
export function tradeNoOf(created: CreatedOrder): string {
  return decodeURIComponent(created.pay_url!.split('/').pop()!);
}

/**
 * A notification as the gateway would sign it (or with another secret, to forge one), sent at
 * `sentAt` on the gateway's clock: the app's now for an ordinary one (a gateway's clock agrees
 * with ours), or a time off it.
 */
export function notification(
  secret: string,
  fields: { merchant_order_no: string; amount: string; status?: 'paid' | 'failed'; trade_no?: string },
  sentAt: Date,
) {
  const f = {
    merchant_order_no: fields.merchant_order_no,
    trade_no: fields.trade_no ?? 'SIMTEST1',
    amount: fields.amount,
    status: fields.status ?? 'paid',
    timestamp: String(Math.floor(sentAt.getTime() / 1000)),
  };
  return { ...f, sign: signNotification(secret, f) };
}

export function postNotification(t: TestApp, payload: Record<string, unknown>, gateway = 'simulator') {
  return t.app.inject({ method: 'POST', url: `/v1/payment-orders/notify/${gateway}`, payload });
}

export async function setPaymentPassword(t: TestApp, m: TestMember, password = '135790'): Promise<void> {
  const res = await as(t.app, m, {
    method: 'POST',
    url: '/v1/user/set-payment-password',
    payload: {
      payment_password: password,
      payment_password_confirmation: password,
      login_password: m.password,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export async function addWallet(
  t: TestApp,
  m: TestMember,
  payload: Record<string, unknown> = {},
): Promise<{ id: number }> {
  const res = await as(t.app, m, {
    method: 'POST',
    url: '/v1/user-wallets',
    payload: { type: 'bank', bank_code: 'CMB', holder_name: '张三', account: uniqueCard(), ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: number }>(res).data;
}

export async function mainBalance(t: TestApp, m: TestMember): Promise<Map<string, bigint>> {
  return t.app.services.ledger.balances(m.id);
}
