import { hashToken } from '../../sessions/session-store.ts';

/** The handle shown to the user: derived from the row id, so neither the token nor its hash leaves the server. */
export function publicSessionId(sessionId: string): string {
  return hashToken(`session-handle:${sessionId}`).slice(0, 32);
}
