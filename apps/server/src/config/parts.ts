/**
 * Configuration in parts (issue 42, point 4): each module that reads the environment declares its
 * variables with a zod schema and turns them into its section of `AppConfig`; `src/config.ts`
 * composes every part into one schema and one config, so a variable is declared once, beside the
 * code that reads it, and the whole environment is still checked at start in one pass.
 */
import { z } from 'zod';

/** What every part may know of the others: the run's kind, and the few facts that cross parts. */
export interface ConfigContext {
  test: boolean;
  production: boolean;
  workers: number;
  databaseUrl: string | undefined;
}

export interface ConfigPart<S extends z.ZodRawShape, R> {
  env: S;
  read(e: z.output<z.ZodObject<S>>, ctx: ConfigContext): R;
}

/** A part: its variables and how they become its section of the config. */
export function configPart<S extends z.ZodRawShape, R>(
  env: S,
  read: (e: z.output<z.ZodObject<S>>, ctx: ConfigContext) => R,
): ConfigPart<S, R> {
  return { env, read };
}

/** The environment cannot make a working server; the message says which variable and why. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(`Invalid environment: ${message}`);
    this.name = 'ConfigError';
  }
}

/** A switch: `true`/`1` on, `false`/`0`/empty off, unset undefined (the part picks the default). */
export const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** A comma-separated list, trimmed, empty items dropped. */
export const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** A number of something (a count, milliseconds …) within bounds, with its default. */
export const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
