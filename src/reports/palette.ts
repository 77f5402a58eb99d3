/**
 * The one palette of the board reports: the PDF, the deck and /presentation draw with these
 * colours (WCAG AA on white for every text colour). `pptxColor` gives PowerPoint's form (no '#').
 */
export const PALETTE = {
  ink: '#0f172a',
  muted: '#334155',
  accent: '#1d4ed8',
  good: '#15803d',
  bad: '#b91c1c',
  grid: '#cbd5e1',
  fines: '#6d28d9',
} as const;

type PaletteColor = (typeof PALETTE)[keyof typeof PALETTE];

export function pptxColor(color: PaletteColor): string {
  return color.slice(1).toUpperCase();
}
