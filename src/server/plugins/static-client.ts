import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built client: hashed assets cached for a year, everything else revalidated,
 * and any other GET that is not /api or /assets answered with index.html so client routes work on reload.
 */
async function staticClientPlugin(app: FastifyInstance, options: { distDir: string }) {
  const indexFile = join(options.distDir, 'index.html');
  const hasClient = existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // Serves the .br/.gz files written at build time (vite.config.ts) when the browser accepts them.
      preCompressed: true,
      setHeaders: (reply, path) => {
        const isHashedAsset = path.includes(`${join(options.distDir, 'assets')}`);
        void reply.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, 'client build not found: only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A hashed asset that is not there (a page opened before an upgrade asks for its old chunks) is a
    // 404: answered with index.html, the browser would run HTML as a script and crash instead of the
    // error screen offering a reload (ADR 281).
    const isAsset = path.startsWith('/assets/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api' && !isAsset;
    if (wantsPage && hasClient) {
      // Read per request so a rebuild is served without a restart; the file is small.
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(readFileSync(indexFile));
    }
    // Not the URL: its path and query are whatever the caller typed, tokens and addresses included (ADR 205, 180).
    request.log.info({ method: request.method }, 'route not found');
    const message = isAsset ? `No such file: ${path}` : `No such endpoint: ${request.method} ${path}`;
    return reply.status(404).header('Cache-Control', 'no-store').send({ message, code: 'not_found' });
  });
}

export const staticClient = fp(staticClientPlugin, { name: 'static-client' });
