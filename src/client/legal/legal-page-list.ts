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
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    navLabel: 'Privacy Policy',
    description: 'How CIFER collects, uses, keeps and protects personal data, and your rights under the GDPR and CCPA.',
  },
  {
    slug: 'cookie-policy',
    title: 'Cookie Policy',
    navLabel: 'Cookie Policy',
    description: 'The cookies and browser storage CIFER uses, what each does, and how to change your choice.',
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of Service',
    navLabel: 'Terms of Service',
    description: 'The terms that govern use of the CIFER cybersecurity risk assessment service.',
  },
  {
    slug: 'ccpa-compliance',
    title: 'CCPA Notice',
    navLabel: 'CCPA Notice',
    description: 'Notice to California residents under the CCPA/CPRA: what CIFER collects and your rights.',
  },
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
