/**
 * The head tags every page CIFER serves carries: the app shell (index.html, where the
 * `cifer-site-head` plugin of vite-plugin-legal-pages.ts puts them in place of the marker) and each
 * legal page (legal-pages.ts). One list, so a new icon or theme colour reaches every page.
 */
export const SITE_HEAD_TAGS = [
  '<meta charset="UTF-8" />',
  '<meta name="viewport" content="width=device-width, initial-scale=1.0" />',
  '<meta name="theme-color" content="#0f172a" />',
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
].join('\n');

/** The line of index.html the shared tags take the place of. */
export const SITE_HEAD_MARKER = '<!-- site-head: src/client/legal/site-head.ts -->';

/** `html` with the marker's line replaced by the shared tags, at the marker's indent. */
export function withSiteHead(html: string): string {
  return html.replace(new RegExp(`^([ \\t]*)${SITE_HEAD_MARKER}$`, 'm'), (_line, pad: string) =>
    SITE_HEAD_TAGS.split('\n')
      .map((tag) => pad + tag)
      .join('\n'),
  );
}
