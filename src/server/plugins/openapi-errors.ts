/**
 * What the generated OpenAPI document (openapi.ts) cannot learn from the routes' zod schemas:
 * the error answers every operation may give, in the one format of plugins/error-handler.ts, as a
 * shared component; and a tag per area, so a reader and a code generator group the operations
 * (ADR 291). Applied once to the document @fastify/swagger builds.
 */

type Operation = { tags?: string[]; parameters?: Array<{ in?: string }>; requestBody?: unknown; responses?: Record<string, unknown> };
type OpenApiDocument = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, Record<string, unknown>>; tags?: Array<{ name: string; description: string }> };

/** The body of every refusal: `code` for programs, `message` for people, `issues` naming the bad fields of a 400. */
export const ERROR_COMPONENT = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'Stable, for programs: bad_request, unauthorized, payment_required, forbidden, not_found, conflict, unsupported_media_type, rate_limited, …' },
    message: { type: 'string', description: 'Written for a person: what was refused and how to fix it' },
    issues: {
      type: 'array',
      description: 'A 400: each bad field (`path`), or each bad row and column of an imported file (`row`, `field`)',
      items: {
        type: 'object',
        required: ['message'],
        properties: { path: { type: 'string' }, row: { type: ['integer', 'null'] }, field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

const ERROR_REF = { $ref: '#/components/schemas/Error' };

const STATUS_WORDS: Record<string, string> = {
  '400': 'Invalid input: `issues` names each bad field',
  '401': 'No token, or a token that is revoked, expired or whose owner lost access',
  '402': "The organisation's subscription is not active",
  '403': 'A read-only token on a write, a viewer writing, or a route not open to this token',
  '404': 'Not found in the acting organisation (another organisation’s ids are not found too)',
  '409': 'The assessment is not in a state that allows this (e.g. already completed, or a draft has no result yet)',
  '415': 'The body is not application/json',
  '429': 'Too many requests: wait the Retry-After seconds',
};

/** The tag of a path: its first segment after /api/v1 (or "import" for the import routes tokens may call). */
const ADMINISTRATION = new Set(['members', 'invitations', 'audit-log', 'webhooks', 'sso']);

export function tagOf(path: string): string {
  if (path.startsWith('/api/assessments/import')) return 'import';
  // A file's path (`audit-log.csv`) belongs with its JSON one.
  const area = (path.replace(/^\/api\/v1\//, '').split('/')[0] ?? 'other').replace(/\.[a-z]+$/, '');
  return ADMINISTRATION.has(area) ? 'administration' : area;
}

const TAG_WORDS: Record<string, string> = {
  assessments: 'Assessments: drafts, completion, results, what-if, framework evidence, reports',
  organizations: 'The organisations a token may act in',
  monitoring: 'The trend and the action plan across assessments',
  administration: "The acting organisation's members and invitations, audit log, webhooks and SSO settings, for its owner (ADR 293)",
  import: 'Importing assessments from the CSV, XLSX or JSON template (docs/import.md)',
};

/** Which refusals an operation can give, from what it reads and whether it writes. */
function errorStatuses(method: string, path: string, operation: Operation): string[] {
  const statuses = ['401', '402', '403', '429'];
  const readsInput = operation.requestBody !== undefined || (operation.parameters ?? []).some((p) => p.in === 'query' || p.in === 'path');
  if (readsInput) statuses.push('400');
  if (path.includes('{')) statuses.push('404');
  if (method !== 'get' && path.includes('{')) statuses.push('409');
  if (operation.requestBody !== undefined) statuses.push('415');
  return statuses.sort();
}

/** Adds the Error component, each operation's refusals and tags; the answers the routes declare stay as they are. */
export function describeErrorsAndTags<T>(document: T): T {
  const doc = structuredClone(document) as OpenApiDocument;
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Error: ERROR_COMPONENT } };
  const tags = new Set<string>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = tagOf(path);
      tags.add(tag);
      operation.tags = [tag];
      operation.responses = { ...operation.responses };
      for (const status of errorStatuses(method, path, operation)) {
        operation.responses[status] ??= { description: STATUS_WORDS[status] ?? 'Refused', content: { 'application/json': { schema: ERROR_REF } } };
      }
    }
  }
  doc.tags = [...tags].sort().map((name) => ({ name, description: TAG_WORDS[name] ?? name }));
  return doc as T;
}
