import { createECDH } from 'node:crypto';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import {
  ExtendedKeyError,
  TronDepositAddresses,
  isTronAddress,
  parseAccountXpub,
  publicKeyToTronAddress,
  tronAddressFromHex,
  tronAddressToHex,
} from './hd.ts';

/**
 * Vectors from independent implementations (README.md, "Sources"):
 * - bip_utils (ebellocchia/bip_utils, tests/bip/bip44/test_bip44.py, entry Bip44Coins.TRON, commit
 *   4c8cb68e2ced7880f8e45b45b3ed7e62f167edd0): the BIP39 seed of "abandon × 11 about" (no
 *   passphrase), the account xpub/xprv of m/44'/195'/0', the chain xpub of m/44'/195'/0'/0 and
 *   the addresses of m/44'/195'/0'/0/0…4 (checked there against TronLink and Trust Wallet).
 * - Trust Wallet Core (trustwallet/wallet-core, tests/chains/Tron/AddressTests.cpp and
 *   tests/common/CoinAddressDerivationTests.cpp): private key → TRON address.
 * - Ledger Live (LedgerHQ/ledger-live, libs/coin-modules/coin-tron/src/network/fixtures/
 *   getTransactionInfoById.fixture.json and fetchTronAccountTxsTrc20.fixture.json): one mainnet
 *   USDT transfer seen both as hex (node API) and Base58 (TronGrid v1).
 */
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const BIP_UTILS_TRON = {
  seed: '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
  accountXpub:
    'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd',
  accountXprv:
    'xprv9z1pB5qPNYGMVrGcyXt97Jwd9GBRoNFdhJfxqbHjzrBKeN1GMETuGFi1c73SQkP8kkKz5MVoMtLRcsDWggUcaPF32AXN4qNsNWBoJbaHcQ7',
  chainXpub:
    'xpub6EuK4CZWW5urEHdwAVDdDw327danAtccFcrXYvgf1DHrPXRwErt36xStQ2PNhn4hpwzPbzJ8pJVpewgChRnSs59q5Ay61GCfQZKUe71gbLq',
  addresses: [
    'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
    'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK',
    'TYJPRrdB5APNeRs4R7fYZSwW3TcrTKw2gx',
    'TRhVWK5XEDkQBDevcdCWW7RW51aRncty4W',
    'TT2X2yyubp7qpAWYYNE5JQWBtoZ7ikQFsY',
  ],
};
const WALLET_CORE_KEYS: ReadonlyArray<{ privateKey: string; address: string }> = [
  {
    privateKey: '2d8f68944bdbfbc0769542fba8fc2d2a3de67393334471624364c7006da2aa54',
    address: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
  },
  {
    privateKey: 'be88df1d0bf30a923cb39c3bb953178baaf3726e8d3ce81e7c8462e046e0d835',
    address: 'THRF3GuPnvvPzKoaT8pJex5XHmo8NNbCb3',
  },
  {
    privateKey: '4646464646464646464646464646464646464646464646464646464646464646',
    address: 'TQLCsShbQNXMTVCjprY64qZmEA4rBarpQp',
  },
];

/** The uncompressed public key of a private key, by OpenSSL (node:crypto), not by the code under test. */
function opensslPublicKey(privateKeyHex: string): Uint8Array {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(Buffer.from(privateKeyHex, 'hex'));
  return new Uint8Array(ecdh.getPublicKey());
}

describe("deposit addresses from the account xpub (BIP32 public derivation, m/44'/195'/0'/0/i)", () => {
  it('reproduces bip_utils’ TRON addresses 0…4 from the account xpub alone', () => {
    const addresses = new TronDepositAddresses(BIP_UTILS_TRON.accountXpub);
    expect([0, 1, 2, 3, 4].map((i) => addresses.addressAt(i))).toEqual(BIP_UTILS_TRON.addresses);
    expect(addresses.account).toBe(0);
    expect(addresses.pathOf(7)).toBe("m/44'/195'/0'/0/7");
  });

  it("the vector’s xpub is the one a wallet exports at m/44'/195'/0' for the test mnemonic", () => {
    // The mnemonic side runs here only, to tie the published xpub to the published mnemonic.
    const seed = mnemonicToSeedSync(MNEMONIC);
    expect(Buffer.from(seed).toString('hex')).toBe(BIP_UTILS_TRON.seed);
    const account = HDKey.fromMasterSeed(seed).derive("m/44'/195'/0'");
    expect(account.publicExtendedKey).toBe(BIP_UTILS_TRON.accountXpub);
    expect(account.deriveChild(0).publicExtendedKey).toBe(BIP_UTILS_TRON.chainXpub);
  });

  it('different indexes give different addresses, the same index always the same', () => {
    const addresses = new TronDepositAddresses(BIP_UTILS_TRON.accountXpub);
    const many = Array.from({ length: 50 }, (_, i) => addresses.addressAt(i));
    expect(new Set(many).size).toBe(50);
    expect(addresses.addressAt(3)).toBe(many[3]);
    expect(many.every(isTronAddress)).toBe(true);
    expect(addresses.addressAt(2 ** 31 - 1)).toMatch(/^T/);
  });

  it('refuses hardened or out-of-range indexes', () => {
    const addresses = new TronDepositAddresses(BIP_UTILS_TRON.accountXpub);
    for (const bad of [-1, 2 ** 31, 1.5, Number.NaN]) {
      expect(() => addresses.addressAt(bad)).toThrow(RangeError);
    }
  });
});

describe('refused extended keys', () => {
  it('refuses the account xprv with a clear error, naming the key to give instead', () => {
    expect(() => new TronDepositAddresses(BIP_UTILS_TRON.accountXprv)).toThrow(ExtendedKeyError);
    expect(() => parseAccountXpub(BIP_UTILS_TRON.accountXprv)).toThrow(/PRIVATE key.*xpub.*never hold/);
  });

  it('refuses a private key even under a public-looking prefix', () => {
    // The same private key serialised with other version bytes still parses as private.
    const master = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC), {
      private: 0x0488b21e,
      public: 0x0488ade4,
    });
    const disguised = master.derive("m/44'/195'/0'").privateExtendedKey;
    expect(disguised.startsWith('xpub')).toBe(true);
    expect(() => parseAccountXpub(disguised)).toThrow(ExtendedKeyError);
  });

  it('refuses a chain-level xpub (depth 4) and a master xpub (depth 0): wrong addresses otherwise', () => {
    expect(() => parseAccountXpub(BIP_UTILS_TRON.chainXpub)).toThrow(/depth 4/);
    const master = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).publicExtendedKey;
    expect(() => parseAccountXpub(master)).toThrow(/depth 0/);
  });

  it('refuses garbage and a key with a broken checksum', () => {
    expect(() => parseAccountXpub('not-a-key')).toThrow(ExtendedKeyError);
    const broken = `${BIP_UTILS_TRON.accountXpub.slice(0, -1)}e`;
    expect(() => parseAccountXpub(broken)).toThrow(/not a valid extended public key/);
  });
});

describe('TRON address format', () => {
  it('reproduces Trust Wallet Core’s private key → address vectors (public key by OpenSSL)', () => {
    for (const { privateKey, address } of WALLET_CORE_KEYS) {
      const uncompressed = opensslPublicKey(privateKey);
      expect(publicKeyToTronAddress(uncompressed)).toBe(address);
      // The compressed form of the same key gives the same address.
      const compressed = new Uint8Array(33);
      compressed[0] = (uncompressed[64] ?? 0) % 2 === 0 ? 0x02 : 0x03;
      compressed.set(uncompressed.subarray(1, 33), 1);
      expect(publicKeyToTronAddress(compressed)).toBe(address);
    }
  });

  it('validates addresses: checksum, 0x41 prefix, 21 bytes (Trust Wallet Core’s invalid ones refused)', () => {
    expect(isTronAddress('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC')).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    for (const bad of [
      'abc',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W', // a Bitcoin-style address (version 0x00)
      '2MegQ6oqSda2tTagdEzBA',
      'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeD', // last character changed: checksum fails
      'tJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
      '',
      ' TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
    ]) {
      expect(isTronAddress(bad), bad).toBe(false);
    }
  });

  it('converts between Base58 and the node APIs’ hex forms (a mainnet USDT transfer from Ledger Live’s fixtures)', () => {
    // The USDT contract: receipt.contract_address (41…) and log.address (20 bytes).
    expect(tronAddressFromHex('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    expect(tronAddressFromHex('a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    expect(tronAddressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
    );
    // Transfer(from, to) topics of transaction 0130dfde…ea99, and the same transfer's v1 from/to.
    expect(tronAddressFromHex('0000000000000000000000006e3b44b96104b26f84057974a1f0c9880f7c9b13')).toBe(
      'TL24LCps5FKwp3PoU1MvrYrwhi5LU1tHre',
    );
    expect(tronAddressFromHex('000000000000000000000000ec20315a879c48f5e3a6a1c9826d5225f8b658b8')).toBe(
      'TXVj38D1XR3TPgSHTCZGC8wkLDAGqF1oqx',
    );
    expect(() => tronAddressFromHex('41zz')).toThrow();
    expect(() => tronAddressToHex('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeD')).toThrow();
  });
});
