import { supportSettings, type SupportSettings } from '@app/shared/backoffice';
import type { Db } from '../../db/client.ts';
import type { Work } from '../../db/tx.ts';
import { lockSetting, readSetting, writeSetting } from '../app-config/index.ts';
import { SUPPORT_SETTINGS_DEFAULTS } from './support.hours.ts';

/** The live chat's settings row in `app_settings` (its audit names it too). */
export const SUPPORT_SETTINGS_KEY = 'support_chat';

/** Reads the settings in force: the stored ones over the defaults (a stored row that no longer parses is ignored). */
export async function readSupportSettings(db: Db | Work['tx']): Promise<SupportSettings> {
  const stored = await readSetting(db, SUPPORT_SETTINGS_KEY);
  const merged = supportSettings.safeParse({ ...SUPPORT_SETTINGS_DEFAULTS, ...stored?.value });
  return merged.success ? merged.data : SUPPORT_SETTINGS_DEFAULTS;
}

/** Saves the settings under the row's lock; answers what they were before. */
export async function saveSupportSettings(
  work: Work,
  next: SupportSettings,
  now: Date,
): Promise<SupportSettings> {
  const stored = await lockSetting(work.tx, SUPPORT_SETTINGS_KEY);
  const before = supportSettings.safeParse({ ...SUPPORT_SETTINGS_DEFAULTS, ...stored });
  await writeSetting(work.tx, SUPPORT_SETTINGS_KEY, { ...next }, now);
  return before.success ? before.data : SUPPORT_SETTINGS_DEFAULTS;
}
