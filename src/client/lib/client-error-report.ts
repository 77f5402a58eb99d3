import { ClientErrorReportResponseSchema, type ClientErrorKind } from '@/contracts/client-errors.ts';
import { ApiError, apiRequest, getErrorMessage } from './api-client.ts';
import { rememberSupportEmail } from './support-contact.ts';

/**
 * What the error screen says about an error and tells the server (ADR 281). The screen shows no
 * internals: a script that failed to load (the page is older than the deployed version) gets its
 * own sentence and a reload, an API error the server's own message, anything else the spec's
 * 'An unexpected error occurred'. The raw message goes only to the server, which scrubs it.
 */

const CHUNK_LOAD_PATTERN = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed/i;

export const NEW_VERSION_MESSAGE = 'Part of this page could not be loaded, usually because a new version of CIFER was released. Reload the page to continue.';
export const UNEXPECTED_MESSAGE = 'An unexpected error occurred';

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_LOAD_PATTERN.test(error.message));
}

export function userFacingMessage(error: unknown): string {
  if (isChunkLoadError(error)) return NEW_VERSION_MESSAGE;
  if (error instanceof ApiError) return getErrorMessage(error, UNEXPECTED_MESSAGE);
  return UNEXPECTED_MESSAGE;
}

/**
 * Sends the report; resolves with the support address on success, null when the server could not be
 * told. `outsideRendering`: the error did not reach the error screen (see uncaught-errors.ts).
 */
export async function reportClientError(error: unknown, path: string = window.location.pathname, outsideRendering = false): Promise<string | null> {
  const kind: ClientErrorKind = isChunkLoadError(error) ? 'chunk_load' : outsideRendering ? 'uncaught' : 'render';
  const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);
  try {
    const { supportEmail } = await apiRequest('POST', '/api/client-errors', { kind, message, path: path.slice(0, 500) }, ClientErrorReportResponseSchema);
    rememberSupportEmail(supportEmail);
    return supportEmail;
  } catch {
    return null;
  }
}
