/**
 * A SCIM 2.0 client (RFC 7644) written from the RFC alone, independent of CIFER's server code: it
 * speaks to any SCIM service over HTTP with a bearer token, as an identity provider does, and
 * checks what the RFC requires of the answers (media type, status codes, ListResponse and Error
 * schemas, the Location of a created resource). CIFER's tests drive its SCIM service with it
 * (src/server/features/sso/scim-protocol.test.ts); from the command line it lists, finds,
 * deactivates and deletes users of a live service:
 *
 *   tsx scripts/scim-client.ts --url https://cifer.example.com/scim/v2 --token cifer_scim_… users
 *   tsx scripts/scim-client.ts --url … --token … find alice@example.com
 *   tsx scripts/scim-client.ts --url … --token … deactivate <user id>
 *   tsx scripts/scim-client.ts --url … --token … delete <user id>
 *
 * (The token may also come from the SCIM_TOKEN environment variable, which keeps it out of the shell history.)
 */

export const SCIM_MEDIA_TYPE = 'application/scim+json';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export interface ScimResource {
  schemas: string[];
  id: string;
  meta?: { resourceType?: string; location?: string; created?: string; lastModified?: string };
  [attribute: string]: unknown;
}

export interface ScimUserResource extends ScimResource {
  userName: string;
  active?: boolean;
  externalId?: string;
  name?: { givenName?: string; familyName?: string };
  groups?: { value: string; display?: string }[];
}

export interface ScimGroupResource extends ScimResource {
  displayName: string;
  members?: { value: string; display?: string }[];
}

export interface ListResponse<T> {
  schemas: string[];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: T[];
}

export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'Add' | 'Remove' | 'Replace';
  path?: string;
  value?: unknown;
}

/** An error answer, read from the RFC's Error schema (section 3.12). */
export class ScimClientError extends Error {
  constructor(
    readonly status: number,
    readonly scimType: string | undefined,
    readonly detail: string,
  ) {
    super(`SCIM ${status}${scimType ? ` ${scimType}` : ''}: ${detail}`);
    this.name = 'ScimClientError';
  }
}

/** A broken rule of the protocol by the service (not an error it meant to answer). */
export class ScimProtocolViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScimProtocolViolation';
  }
}

function expect(condition: boolean, message: string): asserts condition {
  if (!condition) throw new ScimProtocolViolation(message);
}

export interface ScimClientOptions {
  /** The service's base URL, e.g. https://cifer.example.com/scim/v2 */
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
}

export class ScimClient {
  private readonly baseUrl: string;
  private readonly send: typeof fetch;

  constructor(private readonly options: ScimClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.send = options.fetch ?? fetch;
  }

  /** One request; answers the parsed body (null for 204) after checking the media type and, on failure, the Error schema. */
  async request<T>(method: string, path: string, body?: unknown, expected: number[] = [200]): Promise<{ status: number; body: T; headers: Headers }> {
    const response = await this.send(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.options.token}`,
        accept: SCIM_MEDIA_TYPE,
        ...(body === undefined ? {} : { 'content-type': SCIM_MEDIA_TYPE }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status === 204) {
      expect(expected.includes(204), `${method} ${path}: 204 where ${expected.join('/')} was expected`);
      return { status: 204, body: null as T, headers: response.headers };
    }
    const contentType = response.headers.get('content-type') ?? '';
    expect(contentType.startsWith(SCIM_MEDIA_TYPE), `${method} ${path}: answered ${contentType || 'no content type'}, not ${SCIM_MEDIA_TYPE} (RFC 7644 section 3.1)`);
    const parsed = (await response.json()) as Record<string, unknown>;
    if (!expected.includes(response.status)) {
      expect(Array.isArray(parsed['schemas']) && (parsed['schemas'] as unknown[]).includes(ERROR_SCHEMA), `${method} ${path}: a ${response.status} without the Error schema`);
      expect(parsed['status'] === String(response.status), `${method} ${path}: the Error's status "${String(parsed['status'])}" is not the HTTP status ${response.status} as a string`);
      throw new ScimClientError(response.status, parsed['scimType'] as string | undefined, String(parsed['detail'] ?? ''));
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  private async list<T>(path: string, query: Record<string, string | number | undefined>): Promise<ListResponse<T>> {
    const search = new URLSearchParams(Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));
    const { body } = await this.request<ListResponse<T>>('GET', `${path}${search.size > 0 ? `?${search.toString()}` : ''}`);
    expect(body.schemas.includes(LIST_RESPONSE_SCHEMA), `GET ${path}: not a ListResponse`);
    expect(Number.isInteger(body.totalResults) && Array.isArray(body.Resources ?? []), `GET ${path}: a ListResponse needs totalResults and Resources`);
    return { ...body, Resources: body.Resources ?? [] };
  }

  async serviceProviderConfig(): Promise<Record<string, unknown>> {
    return (await this.request<Record<string, unknown>>('GET', '/ServiceProviderConfig')).body;
  }

  async createUser(user: Omit<ScimUserResource, 'id' | 'schemas'>): Promise<{ user: ScimUserResource; location: string | null }> {
    const { body, headers } = await this.request<ScimUserResource>('POST', '/Users', { schemas: [USER_SCHEMA], ...user }, [201]);
    expect(typeof body.id === 'string' && body.id.length > 0, 'POST /Users: the created User has no id');
    return { user: body, location: headers.get('location') };
  }

  async getUser(id: string): Promise<ScimUserResource> {
    return (await this.request<ScimUserResource>('GET', `/Users/${encodeURIComponent(id)}`)).body;
  }

  async listUsers(query: { filter?: string; startIndex?: number; count?: number } = {}): Promise<ListResponse<ScimUserResource>> {
    return this.list<ScimUserResource>('/Users', query);
  }

  /** Every user, page by page (startIndex is 1-based, RFC 7644 section 3.4.2.4). */
  async allUsers(pageSize = 50): Promise<ScimUserResource[]> {
    const users: ScimUserResource[] = [];
    for (let startIndex = 1; ; startIndex += pageSize) {
      const page = await this.listUsers({ startIndex, count: pageSize });
      users.push(...page.Resources);
      if (page.Resources.length === 0 || users.length >= page.totalResults) return users;
    }
  }

  /** The user with this userName, or null: how identity providers look before they create. */
  async findUserByUserName(userName: string): Promise<ScimUserResource | null> {
    const page = await this.listUsers({ filter: `userName eq ${JSON.stringify(userName)}` });
    expect(page.totalResults <= 1, `userName is unique, yet ${page.totalResults} users matched ${userName}`);
    return page.Resources[0] ?? null;
  }

  async replaceUser(id: string, user: Omit<ScimUserResource, 'id' | 'schemas'>): Promise<ScimUserResource> {
    return (await this.request<ScimUserResource>('PUT', `/Users/${encodeURIComponent(id)}`, { schemas: [USER_SCHEMA], id, ...user })).body;
  }

  async patchUser(id: string, operations: PatchOperation[]): Promise<ScimUserResource> {
    return (await this.request<ScimUserResource>('PATCH', `/Users/${encodeURIComponent(id)}`, { schemas: [PATCH_OP_SCHEMA], Operations: operations }, [200, 204])).body;
  }

  /** Deprovisioning as identity providers do it: PATCH active to false. */
  async deactivateUser(id: string): Promise<ScimUserResource> {
    return this.patchUser(id, [{ op: 'replace', path: 'active', value: false }]);
  }

  async deleteUser(id: string): Promise<void> {
    await this.request('DELETE', `/Users/${encodeURIComponent(id)}`, undefined, [204]);
  }

  async listGroups(query: { filter?: string; excludedAttributes?: string } = {}): Promise<ListResponse<ScimGroupResource>> {
    return this.list<ScimGroupResource>('/Groups', query);
  }

  async getGroup(id: string): Promise<ScimGroupResource> {
    return (await this.request<ScimGroupResource>('GET', `/Groups/${encodeURIComponent(id)}`)).body;
  }

  async addGroupMembers(groupId: string, userIds: string[]): Promise<void> {
    await this.request('PATCH', `/Groups/${encodeURIComponent(groupId)}`, { schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'add', path: 'members', value: userIds.map((value) => ({ value })) }] }, [200, 204]);
  }

  async removeGroupMember(groupId: string, userId: string): Promise<void> {
    await this.request('PATCH', `/Groups/${encodeURIComponent(groupId)}`, { schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'remove', path: `members[value eq ${JSON.stringify(userId)}]` }] }, [200, 204]);
  }

  async replaceGroup(groupId: string, group: { displayName: string; members: { value: string }[] }): Promise<ScimGroupResource> {
    return (await this.request<ScimGroupResource>('PUT', `/Groups/${encodeURIComponent(groupId)}`, { schemas: [GROUP_SCHEMA], id: groupId, ...group })).body;
  }
}

function argument(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function main(args: string[]): Promise<void> {
  const url = argument(args, '--url');
  const token = argument(args, '--token') ?? process.env['SCIM_TOKEN'];
  const positional = args.filter((value, index) => !value.startsWith('--') && !args[index - 1]?.startsWith('--'));
  const [command, subject] = positional;
  if (!url || !token || !command) {
    process.stderr.write('Usage: tsx scripts/scim-client.ts --url <SCIM base URL> [--token <token> | SCIM_TOKEN=…] users | find <userName> | deactivate <id> | delete <id>\n');
    process.exitCode = 2;
    return;
  }
  const client = new ScimClient({ baseUrl: url, token });
  const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  if (command === 'users') print((await client.allUsers()).map((user) => ({ id: user.id, userName: user.userName, active: user.active })));
  else if (command === 'find' && subject) print(await client.findUserByUserName(subject));
  else if (command === 'deactivate' && subject) print(await client.deactivateUser(subject));
  else if (command === 'delete' && subject) await client.deleteUser(subject);
  else {
    process.stderr.write(`Unknown command: ${command}\n`);
    process.exitCode = 2;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
