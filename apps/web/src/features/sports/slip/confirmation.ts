import type { OrderConfirmedEvent } from '@app/shared';
import { create } from 'zustand';

/**
 * An in-play order in its bet delay (投注确认中) and how it ended. The server answers the submit
 * with `status: 'confirming'` and `accept_at`; the decision arrives on the member's private
 * channel (`order.confirmed`), or — when that push is missed — from the order itself, read once
 * the countdown has run out (see `shouldCheckOrder`). Times are the server's (clock.ts).
 */
export type ConfirmationStatus = 'confirming' | 'accepted' | 'rejected';

export interface Confirmation {
  orderNo: string;
  status: ConfirmationStatus;
  /** Server ms when the submit was answered and when the delay ends. */
  startedAt: number;
  acceptAt: number;
  totalAmount: string;
  maxPrize: string;
  /** Why it was refused ('盘口暂停（进球）'); null otherwise. */
  reason: string | null;
  /** Accepted at odds other than those submitted (within the member's policy). */
  oddsChanged: boolean;
}

/** After the countdown, how long the push has to arrive before the order is read instead. */
export const CONFIRM_GRACE_MS = 1_500;
/** Between two reads of an order still confirming past its countdown. */
export const CONFIRM_RECHECK_MS = 2_000;

/** Whole seconds left until `acceptAt` (never negative), as the countdown shows them. */
export function secondsLeft(acceptAt: number, now: number): number {
  return Math.max(0, Math.ceil((acceptAt - now) / 1000));
}

/** Share of the delay gone by at `now`, 0–1 (the ring around the countdown). */
export function delayProgress(c: Pick<Confirmation, 'startedAt' | 'acceptAt'>, now: number): number {
  const total = c.acceptAt - c.startedAt;
  if (total <= 0) return 1;
  return Math.min(1, Math.max(0, (now - c.startedAt) / total));
}

/** Whether to read the order now: its delay ended a grace ago, no push came, no read is recent. */
export function shouldCheckOrder(acceptAt: number, now: number, lastCheck: number | null): boolean {
  if (now < acceptAt + CONFIRM_GRACE_MS) return false;
  return lastCheck === null || now - lastCheck >= CONFIRM_RECHECK_MS;
}

/** What an order read from the server says about the decision, or null while it still waits. */
export function decisionOfOrder(order: {
  status: string;
  reject_reason: string | null;
  max_prize: string;
}): Pick<Confirmation, 'status' | 'reason' | 'maxPrize'> | null {
  if (order.status === 'confirming') return null;
  if (order.status === 'rejected') {
    return { status: 'rejected', reason: order.reject_reason, maxPrize: order.max_prize };
  }
  return { status: 'accepted', reason: null, maxPrize: order.max_prize };
}

interface ConfirmationStore {
  current: Confirmation | null;
  /** Decisions pushed before the submit's answer was read (by order number). */
  early: Record<string, OrderConfirmedEvent>;
}

export const useConfirmationStore = create<ConfirmationStore>(() => ({ current: null, early: {} }));

function decided(c: Confirmation, event: OrderConfirmedEvent): Confirmation {
  return {
    ...c,
    status: event.status === 'rejected' ? 'rejected' : 'accepted',
    reason: event.reason,
    oddsChanged: event.odds_changed,
    maxPrize: event.max_prize,
  };
}

/** Starts the countdown of an order the server is confirming. */
export function startConfirmation(
  result: { order_no: string; accept_at: string | null; total_amount: string; max_prize: string },
  now: number,
): void {
  const acceptAt = result.accept_at ? Date.parse(result.accept_at) : now;
  const c: Confirmation = {
    orderNo: result.order_no,
    status: 'confirming',
    startedAt: Math.min(now, acceptAt),
    acceptAt,
    totalAmount: result.total_amount,
    maxPrize: result.max_prize,
    reason: null,
    oddsChanged: false,
  };
  const early = useConfirmationStore.getState().early[result.order_no];
  useConfirmationStore.setState({ current: early ? decided(c, early) : c, early: {} });
}

/** An `order.confirmed` push: decides the order on screen (or is kept for an answer still on its way). */
export function receiveConfirmation(event: OrderConfirmedEvent): void {
  const { current } = useConfirmationStore.getState();
  if (current?.orderNo === event.order_no) {
    if (current.status === 'confirming') useConfirmationStore.setState({ current: decided(current, event) });
    return;
  }
  useConfirmationStore.setState((s) => ({ early: { ...s.early, [event.order_no]: event } }));
}

/** The decision read from the order (the push was missed). */
export function settleConfirmation(
  orderNo: string,
  decision: Pick<Confirmation, 'status' | 'reason' | 'maxPrize'>,
): void {
  const { current } = useConfirmationStore.getState();
  if (current?.orderNo !== orderNo || current.status !== 'confirming') return;
  useConfirmationStore.setState({ current: { ...current, ...decision } });
}

/** The member closed the result. */
export function dismissConfirmation(): void {
  useConfirmationStore.setState({ current: null });
}
