import { randomBytes } from 'node:crypto';
import { formatFen, gatewayNotification, parseYuan, type GatewayNotification } from '@app/shared';
import type { Db } from '../../db/client.ts';
import {
  signNotification,
  verifyNotificationSignature,
  type GatewayNotice,
  type GatewayPaymentOpened,
  type GatewayPaymentRequest,
  type GatewayPaymentState,
  type PaymentGateway,
} from './gateway.ts';
import * as repo from './gateway-simulator.repo.ts';
import type { Clock } from '../../lib/clock.ts';

export type { SimPayment } from './gateway-simulator.repo.ts';
type SimPayment = repo.SimPayment;

/**
 * The built-in payment gateway: it keeps its own book of payments, serves a hosted page
 * (/gateway-sim/pay/<trade no>) and signs its notifications with the merchant secret.
 */
export class SimulatedGateway implements PaymentGateway {
  readonly name = 'simulator';
  /** Taken notifications are answered in our envelope. */
  readonly acknowledgement = null;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  async createPayment(request: GatewayPaymentRequest): Promise<GatewayPaymentOpened> {
    const existing = await repo.findSimPaymentByOrder(this.db, request.orderNo);
    if (existing) return { tradeNo: existing.tradeNo, payUrl: this.payUrlOf(existing.tradeNo) };
    // Two first calls at once: one insert wins, both answer its trade.
    await repo.insertSimPayment(this.db, {
      tradeNo: `SIM${this.clock.now().getTime()}${randomBytes(4).toString('hex')}`,
      merchantOrderNo: request.orderNo,
      amount: request.amount,
      subject: request.subject,
      notifyUrl: request.notifyUrl,
      returnUrl: request.returnUrl,
    });
    const { tradeNo } = (await repo.findSimPaymentByOrder(this.db, request.orderNo))!;
    return { tradeNo, payUrl: this.payUrlOf(tradeNo) };
  }

  payUrlOf(tradeNo: string): string {
    return `/gateway-sim/pay/${encodeURIComponent(tradeNo)}`;
  }

  readNotification(params: Readonly<Record<string, string>>): GatewayNotice {
    const orderNo = params.merchant_order_no?.slice(0, 64) ?? null;
    const parsed = gatewayNotification.safeParse(params);
    if (!parsed.success) return { valid: false, orderNo, reason: 'malformed' };
    const notification = parsed.data;
    if (!verifyNotificationSignature(this.secret, notification))
      return { valid: false, orderNo, reason: 'bad_signature' };
    const amount = parseYuan(notification.amount);
    const seconds = /^\d{1,12}$/.test(notification.timestamp) ? Number(notification.timestamp) : Number.NaN;
    return {
      valid: true,
      orderNo: notification.merchant_order_no,
      tradeNo: notification.trade_no,
      amount: amount.ok ? amount.fen : null,
      status: notification.status,
      // A signed timestamp that is not one is as stale as an old one.
      sentAt: new Date(Number.isNaN(seconds) ? 0 : seconds * 1000),
    };
  }

  async queryPayment(orderNo: string): Promise<GatewayPaymentState> {
    const payment = await repo.findSimPaymentByOrder(this.db, orderNo);
    return payment?.status === 'paid'
      ? { state: 'paid', tradeNo: payment.tradeNo, amount: payment.amount }
      : { state: 'unpaid' };
  }

  async find(tradeNo: string): Promise<SimPayment | undefined> {
    return repo.findSimPayment(this.db, tradeNo);
  }

  /** The payer paid or gave up: record it and build the signed notification the merchant receives. */
  async settle(
    tradeNo: string,
    outcome: 'paid' | 'failed',
  ): Promise<{ payment: SimPayment; notification: GatewayNotification } | undefined> {
    const payment = await this.find(tradeNo);
    if (!payment) return undefined;
    if (payment.status === 'created') {
      await repo.setSimPaymentStatus(this.db, tradeNo, outcome);
    }
    // A payment is decided once; pressing again re-sends the notification of the first decision.
    const status = payment.status === 'created' ? outcome : payment.status;
    return { payment: { ...payment, status }, notification: this.notificationOf(payment, status) };
  }

  notificationOf(payment: SimPayment, status: 'paid' | 'failed'): GatewayNotification {
    const fields = {
      merchant_order_no: payment.merchantOrderNo,
      trade_no: payment.tradeNo,
      amount: formatFen(payment.amount),
      status,
      timestamp: String(Math.floor(this.clock.now().getTime() / 1000)),
    };
    return { ...fields, sign: signNotification(this.secret, fields) };
  }
}
