/**
 * Keys the tests run with. They are written here for anyone to read, so they keep nothing secret:
 * the server never knows them (it has no fixed key of its own), only a test that passes one in,
 * and `APP_ENV=production` refuses every one of them (ops/secrets.ts, by digest).
 */

/** The draw seed key of test servers (`createTestApp`, the browser tests, spawned servers). */
export const TEST_DRAW_SEED_KEY = '64efa7a2c889b3198ebcdd2be89d503bd8c4a50fad860b8a25be84ba71d326b6';
