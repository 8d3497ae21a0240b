import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GatewayNotification } from '@app/shared';

/** What we ask a payment gateway to collect. */
export interface GatewayPaymentRequest {
  orderNo: string;
  /** 分. */
  amount: bigint;
  subject: string;
  /** Where the gateway posts its signed notification (server to server). */
  notifyUrl: string;
  /** Where the gateway sends the payer's browser afterwards. */
  returnUrl: string;
}

/**
 * A payment gateway as real ones work: create a payment, send the payer to a hosted page,
 * receive a signed notification. A real provider implements this; the simulator is the default.
 */
export interface PaymentGateway {
  readonly name: string;
  /**
   * Opens a payment for a merchant order. Idempotent per `orderNo`, as real gateways are (one
   * trade per out_trade_no): asked twice, it answers the same trade.
   */
  createPayment(request: GatewayPaymentRequest): Promise<{ tradeNo: string; payUrl: string }>;
  /** The hosted page of a payment created earlier. */
  payUrlOf(tradeNo: string): string;
  /** True when the notification carries our merchant signature (compared in constant time). */
  verify(notification: GatewayNotification): boolean;
}

/** The string a notification signs: its fields but `sign`, sorted by name, as k=v joined by &. */
export function signingString(fields: Omit<GatewayNotification, 'sign'>): string {
  return Object.entries(fields)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** HMAC-SHA256 of the signing string with the merchant secret, lower-case hex. */
export function signNotification(secret: string, fields: Omit<GatewayNotification, 'sign'>): string {
  return createHmac('sha256', secret).update(signingString(fields)).digest('hex');
}

/** Checks a notification's signature without leaking, through timing, how much of it matched. */
export function verifyNotificationSignature(secret: string, notification: GatewayNotification): boolean {
  const { sign, ...fields } = notification;
  const expected = Buffer.from(signNotification(secret, fields), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(sign) ? Buffer.from(sign, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
