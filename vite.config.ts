import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { legalPages, siteHead } from './src/client/legal/vite-plugin-legal-pages.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiPort = Number(process.env.API_PORT ?? 5001);

/** Writes .br and .gz next to each text asset so the server sends them compressed at no CPU cost (ADR 042). */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|css|html|svg|json|webmanifest|txt)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  return {
    name: 'cifer-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * `/` is most visitors' first page: preload its lazy chunk (and the chunks it imports) from
 * index.html so it downloads alongside the entry instead of after it (ADR 042).
 */
function preloadLandingChunk(): Plugin {
  return {
    name: 'cifer-preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/routes/landing-page.tsx'));
        if (!landing) return [];
        const entryFiles = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
        const files = [landing.fileName, ...landing.imports].filter((file) => !entryFiles.has(file));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  root: fromRoot('./src/client'),
  publicDir: fromRoot('./src/client/public'),
  resolve: {
    alias: {
      '@/engine': fromRoot('./src/engine'),
      '@/contracts': fromRoot('./src/contracts'),
      '@/client': fromRoot('./src/client'),
      '@/reports': fromRoot('./src/reports'),
    },
  },
  plugins: [
    react(),
    tailwindcss(),
    siteHead(),
    legalPages(),
    VitePWA({
      // Registered by our own code (features/pwa/lib/mobile-app-service.ts) so the update banner can drive it.
      injectRegister: null,
      registerType: 'prompt',
      filename: 'sw.js',
      manifest: {
        id: '/',
        name: 'CIFER — Cybersecurity Risk Assessment',
        short_name: 'CIFER',
        description: 'Cyber-risk in dollars for small and medium businesses.',
        theme_color: '#0f172a',
        background_color: '#ffffff',
        display: 'standalone',
        scope: '/',
        start_url: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          // Drawn inside the maskable safe zone by scripts/generate-pwa-icons.mjs.
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'New assessment', short_name: 'New', url: '/?new=1', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Assessment history', short_name: 'History', url: '/history', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz/, /^\/readyz/, /\.html$/],
        cleanupOutdatedCaches: true,
        // The first install controls the open page at once, so it works offline without a reload.
        // Updates still wait for 'Update Now' (SKIP_WAITING): registerType 'prompt' (ADR 160).
        clientsClaim: true,
        // The app shell and every lazy chunk (the assessment and its engine worker included) are
        // precached; /api is never cached: no runtimeCaching on purpose (ADR 160).
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
    preloadLandingChunk(),
    precompress(),
  ],
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Everything the entry loads statically goes in one file (ADR 163). Without it, one lazy
        // page importing a module of the entry (a route guard) was enough for Rolldown to stop
        // merging shared modules into the entry: `/` needed 15 script requests before the landing
        // chunk instead of 1, which cost Lighthouse's simulated slow-4G load its FCP and LCP.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  worker: { format: 'es' },
  server: {
    port: 5000,
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/healthz': `http://127.0.0.1:${apiPort}`, '/readyz': `http://127.0.0.1:${apiPort}` },
  },
});
