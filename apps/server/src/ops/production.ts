import type { AdapterRegistry } from '../adapters/registry.ts';
import { ADAPTER_VARIABLES, type AdapterKind } from '../adapters/registry.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { verifyPassword } from '../lib/crypto.ts';
import { DEMO_AGENT, DEMO_CHECKER, DEMO_LOGIN, DEMO_OPERATOR, DEMO_FRIEND } from '../seed/demo.ts';
import { enabledOperatorHashes, memberHashes } from './ops.repo.ts';
import { secretProblems } from './secrets.ts';

const WHAT: Record<AdapterKind, { noun: string; allow: keyof AppConfig['allow']; variable: string }> = {
  sportsFeed: { noun: 'sports feed', allow: 'sportsSimulator', variable: 'ALLOW_SPORTS_SIMULATOR' },
  paymentGateway: { noun: 'payment gateway', allow: 'paymentSimulator', variable: 'ALLOW_PAYMENT_SIMULATOR' },
  gameProvider: { noun: 'game provider', allow: 'gameSimulator', variable: 'ALLOW_GAME_SIMULATOR' },
  smsSender: { noun: 'SMS provider', allow: 'smsSimulator', variable: 'ALLOW_SMS_SIMULATOR' },
};

/**
 * What makes this configuration unfit for APP_ENV=production, one line per problem, each
 * naming the variable that fixes it and the ALLOW_* variable that accepts it on purpose.
 * Empty outside production.
 */
export function configProblems(config: AppConfig, registry: AdapterRegistry): string[] {
  if (config.appEnv !== 'production') return [];
  const problems: string[] = [];
  for (const kind of Object.keys(WHAT) as AdapterKind[]) {
    const name = config.adapters[kind];
    const what = WHAT[kind];
    let simulator: boolean;
    try {
      simulator = registry.resolve(kind, name).simulator === true;
    } catch (err) {
      problems.push((err as Error).message);
      continue;
    }
    if (simulator && !config.allow[what.allow]) {
      problems.push(
        `${ADAPTER_VARIABLES[kind]}=${name} is a simulator; select a real ${what.noun} (registered: ${registry
          .names(kind)
          .join(', ')}) or set ${what.variable}=true`,
      );
    }
  }
  if (config.seedDemo && !config.allow.demoSeed) {
    problems.push(
      'SEED_DEMO is on: it creates members and an operator with published passwords; unset it or set ALLOW_DEMO_SEED=true',
    );
  }
  if (!config.realtime.appSecretConfigured && !config.allow.generatedAppSecret) {
    problems.push(
      'APP_SECRET is unset: set a secret shared by every process (e.g. `openssl rand -hex 32`) or set ALLOW_GENERATED_APP_SECRET=true',
    );
  }
  if (!config.finance.gatewaySecret && !config.allow.generatedGatewaySecret) {
    problems.push(
      'PAYMENT_GATEWAY_SECRET is unset: set the merchant secret your payment gateway signs callbacks with, or set ALLOW_GENERATED_GATEWAY_SECRET=true',
    );
  }
  // No ALLOW_* for this one: a key generated per machine would fail (and refund) the draws of
  // every period another process committed.
  if (!config.lottery.drawSeedKey) {
    problems.push(
      'DRAW_SEED_KEY is unset: set the key lottery draw seeds are derived from, the same on every process and kept outside the database (e.g. `openssl rand -hex 32`)',
    );
  }
  // Nor for these: a published or guessable secret is no secret, whatever the site is for.
  problems.push(...secretProblems(config.secrets));
  if (config.trustProxy === true) {
    problems.push(
      'TRUST_PROXY=true believes any X-Forwarded-For a client sends (every per-address limit then counts made-up addresses); set the hop count of your proxies (e.g. TRUST_PROXY=1 behind one nginx) or their addresses/CIDRs (e.g. TRUST_PROXY=10.0.0.0/8)',
    );
  }
  return problems;
}

/** The accounts the demo seed creates, with the passwords README publishes. */
const SEEDED_MEMBERS: Array<{ username: string; password: string }> = [DEMO_LOGIN, DEMO_FRIEND, DEMO_AGENT];

/**
 * Accounts that still open with a password this repository publishes: every enabled operator
 * checked against the seeded operators' passwords, and the seeded members. One line each.
 */
export async function seededPasswordProblems(config: AppConfig, db: Db): Promise<string[]> {
  if (config.appEnv !== 'production' || config.allow.seededPasswords) return [];
  const problems: string[] = [];
  for (const operator of await enabledOperatorHashes(db)) {
    const seeded = [DEMO_OPERATOR.password, DEMO_CHECKER.password];
    if ((await Promise.all(seeded.map((p) => verifyPassword(p, operator.passwordHash)))).some(Boolean)) {
      problems.push(
        `operator "${operator.username}" still has the seeded password; change it or disable the account, or set ALLOW_SEEDED_PASSWORDS=true`,
      );
    }
  }
  const seeded = new Map(SEEDED_MEMBERS.map((m) => [m.username, m.password]));
  for (const member of await memberHashes(db, [...seeded.keys()])) {
    if (await verifyPassword(seeded.get(member.username)!, member.passwordHash)) {
      problems.push(
        `member "${member.username}" still has the demo seed's password; change it or disable the account, or set ALLOW_SEEDED_PASSWORDS=true`,
      );
    }
  }
  return problems;
}
