import { describe, expect, it } from 'vitest';
import {
  depositTurnover,
  fenFromUsdt,
  formatRate,
  isEthereumAddress,
  isLuhnValid,
  isTronAddress,
  isTxHash,
  maskAccount,
  parseRate,
  tronAddressOf,
  usdtFromFen,
  walletAccountProblem,
  withdrawFee,
} from './index.ts';

describe('Luhn', () => {
  it('accepts valid card numbers and refuses a changed digit or non-digits', () => {
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('6222021234567890128')).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('4111 1111 1111 1111')).toBe(false);
    expect(isLuhnValid('41111111111')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
  });
  it('masks all but the first and last four', () => {
    expect(maskAccount('6222021234567890128')).toBe('6222 **** **** 0128');
    expect(maskAccount('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7N **** **** Lj6t');
  });
});

describe('USDT addresses', () => {
  it('checks TRON Base58Check with its checksum', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    // One character changed: the checksum no longer matches.
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t')).toBe(false);
  });
  it('round-trips a generated TRON address', () => {
    const address = tronAddressOf(new Uint8Array(20).fill(7));
    expect(address).toMatch(/^T/);
    expect(address).toHaveLength(34);
    expect(isTronAddress(address)).toBe(true);
  });
  it('checks Ethereum addresses and transaction hashes per network', () => {
    expect(isEthereumAddress('0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
    expect(isEthereumAddress('0xdAC17F958D2ee523a2206206994597C13D831ec')).toBe(false);
    expect(isEthereumAddress('dAC17F958D2ee523a2206206994597C13D831ec7aa')).toBe(false);
    expect(isTxHash('TRC20', 'a'.repeat(64))).toBe(true);
    expect(isTxHash('TRC20', `0x${'a'.repeat(64)}`)).toBe(false);
    expect(isTxHash('ERC20', `0x${'A'.repeat(64)}`)).toBe(true);
    expect(isTxHash('ERC20', 'g'.repeat(66))).toBe(false);
  });
});

describe('withdrawal destinations', () => {
  it('names what is wrong with a card or an address, or nothing', () => {
    expect(walletAccountProblem('bank', '6222 0212 3456 7890 128')).toBeNull();
    expect(walletAccountProblem('bank', '6222021234567890127')).toBe('银行卡号校验失败，请检查后重新输入');
    expect(walletAccountProblem('bank', '62220212')).toBe('银行卡号须为12-19位数字');
    expect(walletAccountProblem('usdt_trc20', ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ')).toBeNull();
    expect(walletAccountProblem('usdt_trc20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(
      'TRC20 地址须为T开头的34位有效地址',
    );
    expect(walletAccountProblem('usdt_erc20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBeNull();
    expect(walletAccountProblem('usdt_erc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      'ERC20 地址须为0x开头的40位十六进制',
    );
  });
});

describe('exact rates', () => {
  it('parses at most four decimals and formats back', () => {
    expect(parseRate('7.2')).toBe(72_000n);
    expect(parseRate('7.2345')).toBe(72_345n);
    expect(parseRate('7.23456')).toBeNull();
    expect(parseRate('0')).toBeNull();
    expect(parseRate('-7')).toBeNull();
    expect(parseRate('1e3')).toBeNull();
    expect(formatRate(72_345n)).toBe('7.2345');
    expect(formatRate(70_000n)).toBe('7.0000');
  });
  it('converts USDT to 分 rounding down, with no floating point drift', () => {
    expect(fenFromUsdt(10_000n, 72_000n)).toBe(72_000n); // 100.00 USDT × 7.2 = 720.00 元
    expect(fenFromUsdt(1n, 72_345n)).toBe(7n); // 0.01 × 7.2345 = 0.072345 元 → 0.07
    expect(fenFromUsdt(33_333n, 71_111n)).toBe(237_034n); // 333.33 × 7.1111 = 2370.3429…
    expect(usdtFromFen(72_000n, 72_000n)).toBe(10_000n);
    expect(usdtFromFen(100n, 72_000n)).toBe(13n); // 1 元 / 7.2 = 0.1388… USDT → 0.13
  });
});

describe('fees and turnover', () => {
  const rule = { rateBp: 50, min: 200n, max: 5_000n };
  it('takes the rate rounded up, clamped to min and max, never more than the amount', () => {
    expect(withdrawFee(100_000n, rule)).toBe(500n);
    expect(withdrawFee(100_001n, rule)).toBe(501n);
    expect(withdrawFee(10_000n, rule)).toBe(200n);
    expect(withdrawFee(10_000_000n, rule)).toBe(5_000n);
    expect(withdrawFee(150n, rule)).toBe(150n);
    expect(withdrawFee(0n, rule)).toBe(0n);
    expect(withdrawFee(100_000n, { rateBp: 0, min: 0n, max: 0n })).toBe(0n);
  });
  it('computes the turnover a deposit requires in hundredths of a multiple', () => {
    expect(depositTurnover(10_000n, 100)).toBe(10_000n);
    expect(depositTurnover(10_001n, 150)).toBe(15_001n);
    expect(depositTurnover(10_000n, 0)).toBe(0n);
  });
});
