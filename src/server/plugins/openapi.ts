import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import { describeErrorsAndTags } from './openapi-errors.ts';

/**
 * The OpenAPI 3.1 document of the public API (ADR 228; docs/api.md), generated from the routes'
 * own zod schemas, so it cannot drift from what the server checks and answers. Only /api/v1 is
 * described: the app's other routes are its private contract with the browser. Served at
 * /api/v1/openapi.json; a Swagger UI page reads it at /api/docs, its files served by CIFER itself.
 */
export const OPENAPI_PATH = '/api/v1/openapi.json';
export const DOCS_PATH = '/api/docs';
const PUBLIC_API_PREFIX = '/api/v1/';

/** The import routes outside /api/v1 that API tokens may call (their `config.api`): part of the public contract too. */
const TOKEN_IMPORT_ROUTES = new Set(['/api/assessments/import', '/api/assessments/import/partner']);

const isDescribed = (url: string) => (url.startsWith(PUBLIC_API_PREFIX) && url !== OPENAPI_PATH) || TOKEN_IMPORT_ROUTES.has(url);

/**
 * The docs page's own policy, in place of the machine one every /api answer gets: scripts still
 * only from this origin (no inline script: the page's start-up is a file, DOCS_INITIALIZER), but
 * Swagger UI positions and colours elements with style attributes and draws icons from data: URLs.
 */
const DOCS_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const DOCS_INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout'
  });
});
`;

const DOCS_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>CIFER API</title>
<link rel="stylesheet" href="${DOCS_PATH}/assets/swagger-ui.css">
<link rel="stylesheet" href="${DOCS_PATH}/assets/index.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/assets/swagger-ui-standalone-preset.js"></script>
<script src="${DOCS_PATH}/assets/initializer.js"></script>
</body>
</html>
`;

/** Swagger UI's files, as @fastify/swagger-ui ships them (no CDN). */
const DOCS_ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'initializer.js': 'application/javascript; charset=utf-8',
} as const;
type DocsAsset = keyof typeof DOCS_ASSETS;
const DocsAssetParamsSchema = z.object({ file: z.enum(Object.keys(DOCS_ASSETS) as [DocsAsset, ...DocsAsset[]], 'Unknown file') });

const swaggerUiStaticDir = () => join(dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')), 'static');

/** Reads each file once, on first use. */
function docsAssetReader() {
  const cache = new Map<DocsAsset, Promise<Buffer | string>>();
  return (file: DocsAsset): Promise<Buffer | string> => {
    let content = cache.get(file);
    if (!content) {
      content = file === 'initializer.js' ? Promise.resolve(DOCS_INITIALIZER) : readFile(join(swaggerUiStaticDir(), file));
      cache.set(file, content);
    }
    return content;
  };
}

/** Enough of the document's shape to check it on its way out; the rest passes as generated. */
const OpenApiDocumentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });

async function openApiPlugin(fastify: FastifyInstance) {
  const transform = createJsonSchemaTransform({});
  await fastify.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CIFER public API',
        version: '1',
        description: `Cyber-risk assessments, results, reports and monitoring of your organisation. Risk model ${ENGINE_VERSION}. Authenticate with an API token: Authorization: Bearer cifer_pat_… or cifer_oat_…. See docs/api.md.`,
      },
      components: { securitySchemes: { apiToken: { type: 'http', scheme: 'bearer', description: 'A personal (cifer_pat_) or organisation (cifer_oat_) API token' } } },
      security: [{ apiToken: [] }],
    },
    // Everything outside /api/v1 is hidden before the zod transform sees it (some private answers are not described field by field).
    transform: (input) => (isDescribed(input.url) ? transform(input) : { schema: { ...input.schema, hide: true }, url: input.url }),
    transformObject: jsonSchemaTransformObject,
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Public, and open to tokens too: a client may read the contract with the token it calls the API with.
  // Built once, on the first request, when every route is registered.
  let document: z.infer<typeof OpenApiDocumentSchema> | undefined;
  app.get(OPENAPI_PATH, { config: { access: 'public', api: 'read' }, schema: { response: { 200: OpenApiDocumentSchema } } }, async () => {
    document ??= describeErrorsAndTags(app.swagger() as unknown as z.infer<typeof OpenApiDocumentSchema>);
    return document;
  });

  app.get(DOCS_PATH, { config: { access: 'public' } }, async (_request, reply) => reply.header('content-security-policy', DOCS_CSP).type('text/html; charset=utf-8').send(DOCS_PAGE));

  const readAsset = docsAssetReader();
  app.get(`${DOCS_PATH}/assets/:file`, { config: { access: 'public' }, schema: { params: DocsAssetParamsSchema } }, async (request, reply) => {
    const file = request.params.file;
    return reply.header('content-security-policy', DOCS_CSP).type(DOCS_ASSETS[file]).send(await readAsset(file));
  });
}

/** Registered before the features, so the document sees every route they add. */
export const openApi = fp(openApiPlugin, { name: 'openapi' });
