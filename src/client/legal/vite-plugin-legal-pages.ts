import type { Plugin } from 'vite';
import { buildLegalPages } from './legal-pages.ts';
import { withSiteHead } from './site-head.ts';

/** Emits the legal pages into the build and serves them in development (see legal-pages.ts). */
export function legalPages(): Plugin {
  return {
    name: 'cifer-legal-pages',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const page = buildLegalPages().find(([fileName]) => request.url === `/${fileName}`);
        if (!page) return next();
        response.setHeader('Content-Type', 'text/html; charset=utf-8');
        response.end(page[1]);
      });
    },
    generateBundle() {
      for (const [fileName, source] of buildLegalPages()) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

/** Puts the head tags every page shares (site-head.ts) into the app shell, index.html, in development and in the build. */
export function siteHead(): Plugin {
  return {
    name: 'cifer-site-head',
    transformIndexHtml: { order: 'pre', handler: (html) => withSiteHead(html) },
  };
}
