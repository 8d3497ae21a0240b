import { createHash } from 'node:crypto';

/** Deterministic random numbers from a secret seed and a label (SHA-256 in counter mode). */
export class SeededRandom {
  private counter = 0;
  private buffer: number[] = [];

  constructor(private readonly seed: string) {}

  /** Uniform in [0, 1). */
  next(): number {
    if (this.buffer.length === 0) {
      const digest = createHash('sha256').update(`${this.seed}:${this.counter++}`).digest();
      for (let i = 0; i + 6 <= digest.length; i += 6) this.buffer.push(digest.readUIntBE(i, 6) / 2 ** 48);
    }
    return this.buffer.shift()!;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  poisson(lambda: number): number {
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  normal(mean: number, sd: number): number {
    const u = Math.max(this.next(), 1e-12);
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
