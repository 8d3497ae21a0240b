import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromHex, hmacSha256, hmacSha256Hex, sha256, sha256Hex, toHex, utf8Bytes } from './sha256.ts';

/** Deterministic test bytes (no randomness needed to cover lengths and values). */
const bytes = (length: number, salt = 0) =>
  Uint8Array.from({ length }, (_, i) => (i * 151 + salt * 7 + 13) & 0xff);

describe('SHA-256', () => {
  it('matches the FIPS 180-2 vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(
      sha256Hex(
        'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      ),
    ).toBe('cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1');
    expect(sha256Hex('a'.repeat(1_000_000))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it('agrees with node:crypto at every length around the padding boundaries', () => {
    for (let length = 0; length <= 300; length++) {
      const data = bytes(length);
      expect(toHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });

  it('hashes text as UTF-8', () => {
    for (const text of ['快3', '六合彩 特码 49', 'emoji 🎲', 'é']) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      expect(Buffer.from(utf8Bytes(text)).toString('utf8')).toBe(text);
    }
  });
});

describe('HMAC-SHA-256', () => {
  it('matches the RFC 4231 vectors', () => {
    const cases: Array<[Uint8Array, Uint8Array, string]> = [
      [
        new Uint8Array(20).fill(0x0b),
        utf8Bytes('Hi There'),
        'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
      ],
      [
        utf8Bytes('Jefe'),
        utf8Bytes('what do ya want for nothing?'),
        '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
      ],
      [
        new Uint8Array(20).fill(0xaa),
        new Uint8Array(50).fill(0xdd),
        '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
      ],
      [
        new Uint8Array(131).fill(0xaa),
        utf8Bytes('Test Using Larger Than Block-Size Key - Hash Key First'),
        '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
      ],
      [
        new Uint8Array(131).fill(0xaa),
        utf8Bytes(
          'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
        ),
        '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
      ],
    ];
    for (const [key, message, expected] of cases) expect(toHex(hmacSha256(key, message))).toBe(expected);
  });

  it('agrees with node:crypto for keys shorter than, equal to and longer than a block', () => {
    for (const keyLength of [0, 1, 32, 63, 64, 65, 200]) {
      for (const messageLength of [0, 1, 55, 64, 100]) {
        const key = bytes(keyLength, 1);
        const message = bytes(messageLength, 2);
        expect(toHex(hmacSha256(key, message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
      }
    }
    expect(hmacSha256Hex('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });
});

describe('hex', () => {
  it('round-trips bytes and rejects malformed hex', () => {
    const data = bytes(40);
    expect(fromHex(toHex(data))).toEqual(data);
    expect(toHex(fromHex('00ff10'))).toBe('00ff10');
    expect(() => fromHex('abc')).toThrow();
    expect(() => fromHex('zz')).toThrow();
  });
});
