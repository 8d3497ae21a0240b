import { createStore } from 'zustand/vanilla';
import { api } from '@/lib/api/client.ts';
import { BUILD_INFO, describeSystem } from '@/lib/build-info.ts';
import { logStore } from '@/lib/logger.ts';
import { onSessionCleared, useSessionStore } from '../session/store.ts';
import { pendingEntries, uploadBatches } from './upload-batches.ts';

/** SPEC.md §7: the app uploads its log buffer every 30 s (when automatic upload is on). */
export const LOG_UPLOAD_INTERVAL_MS = 30_000;

export interface UploadState {
  /** Id of the newest entry the server has, in this member's session. */
  cursor: string | null;
  auto: boolean;
  uploading: boolean;
  lastUploadAt: number | null;
  lastError: string | null;
}

/** In memory only (local storage may hold nothing but userinfo, token and appinfo). */
export const uploadStore = createStore<UploadState>(() => ({
  cursor: null,
  auto: false,
  uploading: false,
  lastUploadAt: null,
  lastError: null,
}));

/**
 * Sends the entries the server does not have yet (POST /v1/logs/upload, batches of 200); the
 * server ignores ids it already stored, so a retry after a failure is harmless.
 */
export async function uploadLogs(
  options: { quiet?: boolean } = {},
): Promise<{ accepted: number; sent: number }> {
  const state = uploadStore.getState();
  if (state.uploading || !useSessionStore.getState().token) return { accepted: 0, sent: 0 };
  const pending = pendingEntries(logStore.getState().entries, state.cursor);
  if (pending.length === 0) return { accepted: 0, sent: 0 };
  uploadStore.setState({ uploading: true, lastError: null });
  let accepted = 0;
  let sent = 0;
  try {
    const device = {
      platform: 'h5',
      system: describeSystem(),
      version: BUILD_INFO.version,
      timestamp: Date.now(),
    };
    for (const body of uploadBatches(pending, device)) {
      const result = await api.post('/v1/logs/upload', body, {
        toast: !options.quiet,
        light: true,
      });
      accepted += result.accepted;
      sent += body.logs.length;
      uploadStore.setState({ cursor: body.logs[body.logs.length - 1]!.id });
    }
    uploadStore.setState({ lastUploadAt: Date.now() });
  } catch (err) {
    uploadStore.setState({ lastError: err instanceof Error ? err.message : '上传失败' });
    if (!options.quiet) throw err;
  } finally {
    uploadStore.setState({ uploading: false });
  }
  return { accepted, sent };
}

let timer: ReturnType<typeof setInterval> | null = null;

/** Turns the 30 s automatic upload on or off (off by default, as SPEC.md §7 ships it). */
export function setAutoUpload(on: boolean): void {
  uploadStore.setState({ auto: on });
  if (timer) clearInterval(timer);
  timer = null;
  if (!on) return;
  timer = setInterval(() => {
    void uploadLogs({ quiet: true }).catch(() => undefined);
  }, LOG_UPLOAD_INTERVAL_MS);
  void uploadLogs({ quiet: true }).catch(() => undefined);
}

// A new member starts from the beginning of the buffer (the server keys entries per member).
onSessionCleared(() => uploadStore.setState({ cursor: null, lastUploadAt: null, lastError: null }));
