import { readFileSync } from 'node:fs';
import { LEGAL_PAGES, type LegalPage } from './legal-page-list.ts';
import { SITE_HEAD_TAGS } from './site-head.ts';

/** The build's side of the legal pages: their shared layout (the list lives in legal-page-list.ts, which the app's footer reads too). */

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function indent(text: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return text
    .trimEnd()
    .split('\n')
    .map((line) => (line ? pad + line : line))
    .join('\n');
}

/** One legal page: the shared layout around the page's own body. */
export function renderLegalPage(page: LegalPage, body: string): string {
  const navItems = LEGAL_PAGES.map(
    (item) => `<li><a href="/${item.slug}.html"${item.slug === page.slug ? ' aria-current="page"' : ''}>${escapeHtml(item.navLabel)}</a></li>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
  <head>
${indent(SITE_HEAD_TAGS, 4)}
    <title>${escapeHtml(page.title)} | CIFER</title>
    <meta name="description" content="${escapeHtml(page.description)}" />
    <link rel="stylesheet" href="/legal.css" />
  </head>
  <body>
    <a class="skip" href="#content">Skip to main content</a>
    <header class="site-header">
      <div class="inner">
        <a class="brand" href="/">CIFER</a>
        <nav aria-label="Legal documents">
          <ul>
${indent(navItems, 12)}
          </ul>
        </nav>
      </div>
    </header>
    <main id="content">
${indent(body, 6)}
    </main>
    <footer class="site-footer">
      <div class="inner">
        <p>
          &copy; 2025 CIFER. All rights reserved. Questions about this document:
          <a href="mailto:support@cifer-risk.com">support@cifer-risk.com</a>. <a href="/">Back to CIFER</a>
        </p>
      </div>
    </footer>
  </body>
</html>
`;
}

/** Every legal page as [file name, HTML], read from bodies/ next to this module. */
export function buildLegalPages(): Array<[string, string]> {
  return LEGAL_PAGES.map((page) => {
    const body = readFileSync(new URL(`./bodies/${page.slug}.html`, import.meta.url), 'utf8');
    return [`${page.slug}.html`, renderLegalPage(page, body)];
  });
}
