import type { Match } from '../model.ts';

/** League short name on the league's colour. */
export function LeagueTag({ league }: { league: Match['league'] }) {
  return (
    <span className="league-tag" style={{ background: league.color }} title={league.name}>
      {league.short_name}
    </span>
  );
}
