import { EventEmitter } from 'node:events';
import type { LedgerType, WalletKind } from '@app/shared';

/** Domain events, emitted only after the transaction that caused them has committed. */
export interface DomainEvents {
  'wallet.changed': {
    memberId: number;
    wallet: WalletKind;
    amount: bigint;
    balanceAfter: bigint;
    type: LedgerType;
    entryId: bigint;
    at: Date;
  };
  'member.changed': {
    memberId: number;
    changedFields: string[];
    changeType: string;
    at: Date;
  };
  /**
   * A member's VIP figures as a committed write left them (turnover from a bet or a settlement):
   * the VIP check decides from these whether a level is in reach, without reading them again.
   */
  'member.figures': {
    memberId: number;
    vipLevel: number;
    paysum: bigint;
    totalgame: bigint;
  };
  'session.revoked': { memberId: number; sessionIds: number[] };
  'order.settled': {
    memberId: number;
    orderId: number;
    orderNo: string;
    status: 'won' | 'lost' | 'refunded';
    payout: bigint;
    at: Date;
  };
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(100);
  }

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
