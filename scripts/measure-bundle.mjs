// Measures what the first load of `/` downloads from the production build: the JS and CSS that
// index.html references (entry script, modulepreloads, stylesheets), raw and gzip-compressed.
// Usage: npm run build && node scripts/measure-bundle.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist/client';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
const totals = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
for (const ref of new Set(refs)) {
  const content = readFileSync(join(dist, ref));
  const kind = ref.endsWith('.css') ? 'css' : 'js';
  totals[kind].raw += content.length;
  totals[kind].gzip += gzipSync(content, { level: 9 }).length;
}
const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(`Initial JS for /: ${kb(totals.js.raw)} KB raw, ${kb(totals.js.gzip)} KB gzip`);
console.log(`Initial CSS for /: ${kb(totals.css.raw)} KB raw, ${kb(totals.css.gzip)} KB gzip`);
console.log(`Files: ${[...new Set(refs)].join(', ')}`);
