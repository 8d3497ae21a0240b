import { DEFAULT_ODDS_POLICY, type OddsPolicy, type SportsPreferences } from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './preferences.repo.ts';

/** In-play bet delay per sport, in ms (SPORTS_BET_DELAY_FOOTBALL_MS / _BASKETBALL_MS). */
export interface BetDelays {
  football: number;
  basketball: number;
}

/** A member's sports betting preferences: the odds-change policy (docs/decisions/017). */
export class SportsPreferencesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly delays: BetDelays,
  ) {}

  /** The member's policy, 'higher' until they choose one. */
  async oddsPolicy(memberId: number, db: Db | Tx = this.db): Promise<OddsPolicy> {
    return (await repo.oddsPolicyOf(db, memberId)) ?? DEFAULT_ODDS_POLICY;
  }

  async get(memberId: number): Promise<SportsPreferences> {
    return this.view(await this.oddsPolicy(memberId));
  }

  async save(memberId: number, body: { odds_policy: OddsPolicy }): Promise<SportsPreferences> {
    await repo.saveOddsPolicy(this.db, memberId, body.odds_policy, this.clock.now());
    return this.view(body.odds_policy);
  }

  private view(policy: OddsPolicy): SportsPreferences {
    return {
      odds_policy: policy,
      bet_delay_seconds: { football: this.delays.football / 1000, basketball: this.delays.basketball / 1000 },
    };
  }
}
