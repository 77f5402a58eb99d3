import { readFileSync } from 'node:fs';

/**
 * The six legal documents are static HTML (no script, readable before consent and without the
 * app). They share one layout; each page's own text lives in bodies/<slug>.html and the build
 * (vite-plugin-legal-pages.ts) assembles `/<slug>.html` from the two.
 */
export interface LegalPage {
  slug: string;
  title: string;
  /** The page's name in the legal navigation. */
  navLabel: string;
  description: string;
}

export const LEGAL_PAGES: readonly LegalPage[] = [
  { slug: 'privacy-policy', title: 'Privacy Policy', navLabel: 'Privacy Policy', description: 'How CIFER collects, uses, keeps and protects personal data, and your rights under the GDPR and CCPA.' },
  { slug: 'cookie-policy', title: 'Cookie Policy', navLabel: 'Cookie Policy', description: 'The cookies and browser storage CIFER uses, what each does, and how to change your choice.' },
  { slug: 'terms-of-service', title: 'Terms of Service', navLabel: 'Terms of Service', description: 'The terms that govern use of the CIFER cybersecurity risk assessment service.' },
  { slug: 'ccpa-compliance', title: 'CCPA Notice', navLabel: 'CCPA Notice', description: 'Notice to California residents under the CCPA/CPRA: what CIFER collects and your rights.' },
  {
    slug: 'coppa-compliance',
    title: "Children's Privacy Policy",
    navLabel: "Children's Privacy (COPPA)",
    description: "CIFER is for professionals aged 18 and over and does not knowingly collect children's data (COPPA).",
  },
  {
    slug: 'data-processing-agreement',
    title: 'Data Processing Agreement',
    navLabel: 'Data Processing Agreement',
    description: 'The terms under which CIFER processes personal data on behalf of its customers (GDPR Art. 28, CCPA).',
  },
];

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
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${escapeHtml(page.title)} | CIFER</title>
    <meta name="description" content="${escapeHtml(page.description)}" />
    <meta name="theme-color" content="#0f172a" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
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
