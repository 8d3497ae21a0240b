import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AddressCounts, clientAddressOf, FrameBudget, type TrustProxy } from './socket-limits.ts';

describe('the client address of an upgrade', () => {
  // As app.ts hands TRUST_PROXY to Fastify (a hop count as a function).
  const fastifyTrust = (trust: TrustProxy) =>
    typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

  it.each<[string, TrustProxy, string, string | undefined]>([
    ['no proxy trusted: the peer, whatever the header says', false, '203.0.113.9', '198.51.100.1'],
    ['no proxy trusted, no header', false, '203.0.113.9', undefined],
    ['every proxy trusted: the first address of the header', true, '127.0.0.1', '198.51.100.1, 10.0.0.2'],
    ['one hop trusted: the address the nearest proxy saw', 1, '127.0.0.1', '198.51.100.1, 10.0.0.2'],
    ['a listed proxy: its header', ['127.0.0.1'], '127.0.0.1', '198.51.100.1'],
    ['an unlisted peer: its own address', ['10.0.0.0/8'], '203.0.113.9', '198.51.100.1'],
    ['a listed proxy behind an unlisted one', ['127.0.0.1'], '127.0.0.1', '198.51.100.1, 203.0.113.7'],
  ])('is request.ip as Fastify gives it (%s)', async (_name, trust, peer, forwarded) => {
    const app = Fastify({ trustProxy: fastifyTrust(trust) });
    const ofUpgrade = clientAddressOf(trust);
    app.get('/', async (request) => ({ fastify: request.ip, hub: ofUpgrade(request.raw) }));
    const res = await app.inject({
      url: '/',
      remoteAddress: peer,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    });
    const { fastify, hub } = res.json<{ fastify: string; hub: string }>();
    expect(hub).toBe(fastify);
    await app.close();
  });
});

describe('a socket’s frame budget', () => {
  it('allows a burst, refuses past it, and closes a socket that sends another burst’s worth', () => {
    const budget = new FrameBudget(10, 5, 0);
    const answers = Array.from({ length: 11 }, () => budget.spend(0));
    expect(answers).toEqual([...Array<string>(5).fill('ok'), ...Array<string>(5).fill('refuse'), 'close']);
  });

  it('refills at the rate, on the clock it is given, up to the burst', () => {
    const budget = new FrameBudget(10, 5, 0);
    for (let i = 0; i < 5; i++) budget.spend(0);
    expect(budget.spend(0)).toBe('refuse');
    // 200 ms at 10 a second is two frames: one repays the refused frame, one is allowed.
    expect(budget.spend(200)).toBe('ok');
    expect(budget.spend(200)).toBe('refuse');
    // A long silence refills to the burst, not beyond it.
    const after = Array.from({ length: 6 }, () => budget.spend(60_000));
    expect(after).toEqual([...Array<string>(5).fill('ok'), 'refuse']);
  });

  it('counts nothing when the rate is 0 (no limit)', () => {
    const budget = new FrameBudget(0, 1, 0);
    expect(Array.from({ length: 1_000 }, () => budget.spend(0)).every((a) => a === 'ok')).toBe(true);
  });
});

describe('open sockets per address', () => {
  it('admits up to the limit per address and frees a place when a socket goes', () => {
    const counts = new AddressCounts(2);
    expect([counts.admit('a'), counts.admit('a'), counts.admit('a'), counts.admit('b')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(counts.full('a')).toBe(true);
    counts.release('a');
    expect(counts.admit('a')).toBe(true);
    counts.release('b');
    expect(counts.addresses).toBe(1);
  });

  it('has no limit at 0', () => {
    const counts = new AddressCounts(0);
    for (let i = 0; i < 1_000; i++) expect(counts.admit('a')).toBe(true);
  });
});
