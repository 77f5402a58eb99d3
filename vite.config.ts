import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiPort = Number(process.env.API_PORT ?? 5001);

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
    VitePWA({
      // Registered by our own code (features/pwa) so the update banner can drive it.
      injectRegister: null,
      registerType: 'prompt',
      filename: 'sw.js',
      manifest: {
        name: 'CIFER — Cybersecurity Risk Assessment',
        short_name: 'CIFER',
        description: 'Cyber-risk in dollars for small and medium businesses.',
        theme_color: '#0f172a',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz/, /^\/readyz/, /\.html$/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  worker: { format: 'es' },
  server: {
    port: 5000,
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/healthz': `http://127.0.0.1:${apiPort}`, '/readyz': `http://127.0.0.1:${apiPort}` },
  },
});
