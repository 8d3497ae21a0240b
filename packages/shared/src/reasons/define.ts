import type { HttpErrorStatus } from '../errors.ts';

/**
 * A reason a request is refused: its HTTP status (also the envelope's code, SPEC §8) and the
 * message the member or operator reads, a template when it carries figures. The server throws
 * a reason by its name; the envelope carries the name in `data.reason`, so the apps branch on
 * names, never on message text or a bare status.
 */
export interface ReasonSpec {
  status: HttpErrorStatus;
  message: string | ((params: never) => string);
}

/** A catalogue of reasons: names (`area.what`) to their spec. Checked, and typed as written. */
export const reasons = <const C extends Record<string, ReasonSpec>>(catalogue: C): C => catalogue;
