import {
  BANKS,
  isEthereumAddress,
  isLuhnValid,
  isTronAddress,
  maskAccount,
  USER_WALLET_TYPE_KEYS,
  USER_WALLET_TYPES,
  type UserWalletBody,
  type UserWalletView,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { conflict, notFound, pgErrorCode, PG_UNIQUE_VIOLATION, unprocessable } from '../../lib/errors.ts';
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
    if (!body.bank_code) throw unprocessable('请选择开户银行');
    if (!body.holder_name) throw unprocessable('请输入持卡人姓名');
    const digits = body.account.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits)) throw unprocessable('银行卡号须为12-19位数字');
    if (!isLuhnValid(digits)) throw unprocessable('银行卡号校验失败，请检查后重新输入');
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
    throw unprocessable('TRC20 地址须为T开头的34位有效地址');
  if (body.type === 'usdt_erc20' && !isEthereumAddress(address))
    throw unprocessable('ERC20 地址须为0x开头的40位十六进制');
  return {
    type: body.type,
    bankCode: null,
    holderName: body.holder_name ?? null,
    account: address,
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
      throw unprocessable(`最多可添加${MAX_WALLETS}个提现账户`);
    return toUserWalletView(await this.unique(() => repo.insertWallet(this.db, { ...values, memberId })));
  }

  async update(memberId: number, id: number, body: UserWalletBody) {
    await this.own(memberId, id);
    const values = validated(body);
    const row = await this.unique(() => repo.updateWallet(this.db, memberId, id, values, this.clock.now()));
    if (!row) throw notFound('提现账户不存在');
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
    if (!wallet) throw notFound('提现账户不存在');
    return wallet;
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict('该卡号或地址已添加');
      throw err;
    }
  }
}
