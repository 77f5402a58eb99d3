import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';

/** What one /api route declares of its input and answers (ADR 210), for the declaration check and, later, the OpenAPI document. */
export interface DeclaredRouteSchema {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** The route reads its input after a check of its target (ADR 064), so its 400 waits in the handler. */
  attachValidation: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRouteSchemas: DeclaredRouteSchema[];
  }
}

async function routeSchemasPlugin(app: FastifyInstance) {
  const routes: DeclaredRouteSchema[] = [];
  app.decorate('apiRouteSchemas', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema, attachValidation: route.attachValidation === true });
    }
  });
}

export const routeSchemas = fp(routeSchemasPlugin, { name: 'route-schemas' });
