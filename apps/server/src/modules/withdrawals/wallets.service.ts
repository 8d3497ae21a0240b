import {
  BANKS,
  isEthereumAddress,
  isLuhnValid,
  isTronAddress,
  maskAccount,
  maskName,
  USER_WALLET_TYPE_KEYS,
  USER_WALLET_TYPES,
  type UserWalletBody,
  type UserWalletView,
} from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { findMemberById, setRealNameOnce } from '../accounts/index.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode, refuse } from '../../lib/errors.ts';
import * as repo from './withdrawals.repo.ts';
import type { UserWalletRow } from './withdrawals.table.ts';
import type { Clock } from '../../lib/clock.ts';

/** A member may keep at most this many destinations. */
export const MAX_WALLETS = 10;

export const bankNameOf = (code: string | null): string | null =>
  BANKS.find((b) => b.code === code)?.name ?? null;

/** The destination's display name: "招商银行" or "USDT-TRC20". */
export const walletNameOf = (row: Pick<UserWalletRow, 'type' | 'bankCode'>): string =>
  row.type === 'bank' ? (bankNameOf(row.bankCode) ?? '银行卡') : USER_WALLET_TYPES[row.type];

export function toUserWalletView(row: UserWalletRow): UserWalletView {
  return {
    id: row.id,
    type: row.type,
    type_name: USER_WALLET_TYPES[row.type],
    bank_code: row.bankCode,
    bank_name: bankNameOf(row.bankCode),
    holder_name: row.holderName,
    account_masked: maskAccount(row.account),
    alias: row.alias,
    enabled: row.enabled === 1,
    created_at: row.createdAt.toISOString(),
  };
}

/** Checks a wallet form and returns the columns to store (card digits without spaces). */
function validated(body: UserWalletBody): Omit<repo.NewUserWallet, 'memberId'> {
  if (body.type === 'bank') {
    if (!body.bank_code) throw refuse('withdrawals.bank_missing');
    if (!body.holder_name) throw refuse('withdrawals.holder_missing');
    const digits = body.account.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits)) throw refuse('withdrawals.card_number_format');
    if (!isLuhnValid(digits)) throw refuse('withdrawals.card_number_checksum');
    return {
      type: 'bank',
      bankCode: body.bank_code,
      holderName: body.holder_name,
      account: digits,
      alias: body.alias ?? '',
    };
  }
  const address = body.account.trim();
  if (body.type === 'usdt_trc20' && !isTronAddress(address))
    throw refuse('withdrawals.trc20_address_invalid');
  if (body.type === 'usdt_erc20' && !isEthereumAddress(address))
    throw refuse('withdrawals.erc20_address_invalid');
  return {
    type: body.type,
    bankCode: null,
    holderName: body.holder_name ?? null,
    // Hex addresses are one address whatever their case.
    account: body.type === 'usdt_erc20' ? address.toLowerCase() : address,
    alias: body.alias ?? '',
  };
}

/** Saved withdrawal destinations (SPEC.md §7 "Wallets"): a member sees and changes only their own. */
export class UserWalletsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  types() {
    return { list: USER_WALLET_TYPE_KEYS.map((type) => ({ type, name: USER_WALLET_TYPES[type] })) };
  }

  async list(memberId: number) {
    return { list: (await repo.listWallets(this.db, memberId)).map(toUserWalletView) };
  }

  async detail(memberId: number, id: number) {
    return toUserWalletView(await this.own(memberId, id));
  }

  async create(memberId: number, body: UserWalletBody) {
    const values = validated(body);
    if ((await repo.countWallets(this.db, memberId)) >= MAX_WALLETS)
      throw refuse('withdrawals.too_many_accounts', { max: MAX_WALLETS });
    await this.checkHolder(memberId, values);
    const row = await this.bind(memberId, values, (tx) => repo.insertWallet(tx, { ...values, memberId }));
    return toUserWalletView(row);
  }

  async update(memberId: number, id: number, body: UserWalletBody) {
    await this.own(memberId, id);
    const values = validated(body);
    await this.checkHolder(memberId, values);
    const row = await this.bind(memberId, values, (tx) =>
      repo.updateWallet(tx, memberId, id, values, this.clock.now()),
    );
    if (!row) throw refuse('withdrawals.account_not_found');
    return toUserWalletView(row);
  }

  async remove(memberId: number, id: number) {
    await this.own(memberId, id);
    await repo.updateWallet(this.db, memberId, id, { deletedAt: this.clock.now() }, this.clock.now());
    return null;
  }

  async toggle(memberId: number, id: number) {
    const wallet = await this.own(memberId, id);
    const row = await repo.updateWallet(
      this.db,
      memberId,
      id,
      { enabled: wallet.enabled === 1 ? 0 : 1 },
      this.clock.now(),
    );
    return toUserWalletView(row!);
  }

  private async own(memberId: number, id: number): Promise<UserWalletRow> {
    const wallet = await repo.findOwnWallet(this.db, memberId, id);
    if (!wallet) throw refuse('withdrawals.account_not_found');
    return wallet;
  }

  /**
   * A bank card's holder is the member (实名): the first card names them when no real name is set;
   * after that every card must carry that name.
   */
  private async checkHolder(memberId: number, values: Omit<repo.NewUserWallet, 'memberId'>): Promise<void> {
    if (values.type !== 'bank' || !values.holderName) return;
    const member = await findMemberById(this.db, memberId);
    if (member?.realName && member.realName !== values.holderName)
      throw refuse('withdrawals.holder_not_real_name', { realName: maskName(member.realName) });
  }

  /**
   * Stores a binding unless another member holds or held the card or address: that is refused
   * and recorded for risk review (the back office lists it). The first bank card sets the real
   * name in the same transaction.
   */
  private async bind<T>(
    memberId: number,
    values: Omit<repo.NewUserWallet, 'memberId'>,
    write: (tx: Tx) => Promise<T>,
  ): Promise<T> {
    const taken = async (ownerId: number) => {
      await repo.recordWalletConflict(
        this.db,
        { memberId, ownerId, type: values.type, account: values.account },
        this.clock.now(),
      );
      return refuse(
        values.type === 'bank' ? 'withdrawals.card_bound_elsewhere' : 'withdrawals.address_bound_elsewhere',
      );
    };
    const holder = await repo.accountHolder(this.db, values.type, values.account, memberId);
    if (holder !== undefined) throw await taken(holder);
    try {
      return await inTransaction(this.db, async ({ tx }) => {
        const written = await write(tx);
        if (values.type === 'bank' && values.holderName)
          await setRealNameOnce(tx, memberId, values.holderName, this.clock.now());
        return written;
      });
    } catch (err) {
      if (pgErrorCode(err) !== PG_UNIQUE_VIOLATION) throw err;
      const other = await repo.accountHolder(this.db, values.type, values.account, memberId);
      if (other !== undefined) throw await taken(other);
      throw refuse('withdrawals.account_added');
    }
  }
}
