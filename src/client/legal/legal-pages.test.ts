// @vitest-environment node
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { LEGAL_PAGES } from './legal-page-list.ts';
import { buildLegalPages } from './legal-pages.ts';
import { SITE_HEAD_TAGS, withSiteHead } from './site-head.ts';

test('every legal page is built from the shared layout, naming itself as the current page and linking to all six', () => {
  const pages = buildLegalPages();
  expect(pages.map(([fileName]) => fileName)).toEqual(LEGAL_PAGES.map((page) => `${page.slug}.html`));
  for (const [fileName, html] of pages) {
    const page = LEGAL_PAGES.find((item) => `${item.slug}.html` === fileName)!;
    expect(html).toContain(`<title>${page.title.replace(/&/g, '&amp;')} | CIFER</title>`);
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toContain(`<a href="/${fileName}" aria-current="page">`);
    for (const other of LEGAL_PAGES) expect(html).toContain(`href="/${other.slug}.html"`);
    expect(html).toMatch(/<main id="content">\n\s+<h1>/);
    expect(html).not.toContain('<script');
  }
});

test('text that looks like markup in a page title is escaped', async () => {
  const { renderLegalPage } = await import('./legal-pages.ts');
  const html = renderLegalPage({ slug: 'x', title: 'A <b> & "c"', navLabel: 'X', description: 'd' }, '<h1>X</h1>');
  expect(html).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot; | CIFER</title>');
});

test('the app shell and every legal page open their head with the tags every page shares', () => {
  const shell = withSiteHead(readFileSync(new URL('../index.html', import.meta.url), 'utf8'));
  const documents = [shell, ...buildLegalPages().map(([, html]) => html)];
  for (const html of documents) {
    const head = html.slice(html.indexOf('<head>') + '<head>'.length).trimStart();
    expect(head.startsWith('<meta charset="UTF-8" />')).toBe(true);
    for (const tag of SITE_HEAD_TAGS.split('\n')) expect(html.split(tag)).toHaveLength(2);
    expect(html).not.toContain('site-head:');
  }
});
