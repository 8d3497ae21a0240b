import type { MatchUpdate, OddsUpdate } from '../live-patch.ts';

/** What the slip does with a live push about a match: note a suspension, a moved price. */
export interface SlipPushNotes {
  match(update: MatchUpdate): void;
  odds(update: OddsUpdate): void;
}

let notes: SlipPushNotes | null = null;

/**
 * Where live pushes reach the bet slip. The slip lives in memory in `store.ts`, which registers
 * here when it loads: until a page with the slip has loaded it there are no picks to note, so a
 * page that only shows live scores (the home page) does without the slip's store and the bet rules
 * it imports.
 */
export const slipPushes = {
  register(next: SlipPushNotes): void {
    notes = next;
  },
  match(update: MatchUpdate): void {
    notes?.match(update);
  },
  odds(update: OddsUpdate): void {
    notes?.odds(update);
  },
};
