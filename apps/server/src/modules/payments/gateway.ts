import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GatewayNotification } from '@app/shared';

/** What we ask a payment gateway to collect. */
export interface GatewayPaymentRequest {
  orderNo: string;
  /** 分. */
  amount: bigint;
  subject: string;
  /** How the member pays (a gateway kind of PAYMENT_METHODS: bank, alipay, wechat). */
  method: GatewayMethod;
  /** Where the gateway delivers its signed notification (server to server). */
  notifyUrl: string;
  /** Where the gateway sends the payer's browser afterwards. */
  returnUrl: string;
  /** The payer's address, which some gateways' API orders ask for (risk checks). */
  clientIp?: string | undefined;
}

export type GatewayMethod = 'bank' | 'alipay' | 'wechat';

/** A payment opened at the gateway: the page the payer pays on, and its trade when it says one. */
export interface GatewayPaymentOpened {
  /** The gateway's id of the payment; null when it gives one only in its notification. */
  tradeNo: string | null;
  payUrl: string;
}

/** A notification as the gateway's protocol reads it, before any order is looked at. */
export type GatewayNotice =
  | {
      valid: true;
      orderNo: string;
      tradeNo: string;
      /** 分, or null when the amount is not one. */
      amount: bigint | null;
      status: 'paid' | 'failed';
      /** When the gateway signed it, if its protocol says (checked against our clock). */
      sentAt: Date | null;
    }
  | {
      valid: false;
      /** Our order number, when the notification names one (for the callback log). */
      orderNo: string | null;
      reason: 'bad_signature' | 'malformed' | 'wrong_merchant';
    };

/** What the gateway's order query says of one of our orders. */
export type GatewayPaymentState =
  | { state: 'paid'; tradeNo: string; amount: bigint }
  /** Not paid (yet), or never opened by the payer. */
  | { state: 'unpaid' };

/**
 * A payment gateway as real ones work: open a payment, send the payer to the page it gives,
 * receive a signed notification, and answer a query for an order whose notification was lost.
 * The simulator is the default; PAYMENT_GATEWAY=epay speaks the 易支付 merchant protocol
 * (src/adapters/epay).
 */
export interface PaymentGateway {
  readonly name: string;
  /**
   * Opens a payment for a merchant order. Asked twice for one `orderNo` it answers the same
   * payment, as real gateways do (one trade per out_trade_no).
   */
  createPayment(request: GatewayPaymentRequest): Promise<GatewayPaymentOpened>;
  /**
   * Reads a notification's parameters (query or body, as the gateway sent them): its signature
   * (compared in constant time), merchant and fields. Never throws.
   */
  readNotification(params: Readonly<Record<string, string>>): GatewayNotice;
  /**
   * The body that tells the gateway its notification was taken, sent only after the credit has
   * committed (易支付: the text `success`; anything else and it sends again). Null: our JSON
   * envelope (the simulator).
   */
  readonly acknowledgement: string | null;
  /** Asks the gateway about one of our orders (reconciliation of lost notifications). Throws when it cannot say. */
  queryPayment(orderNo: string): Promise<GatewayPaymentState>;
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
