import { FACTORS } from '@/engine/factors.ts';
import { REGIME_IDS, REGIME_LABELS } from '@/engine/regimes.ts';

/**
 * The method appendix is read by a board: the engine's explanation texts and source notes are
 * written for auditors and carry internal names (regime ids, factor codes), decision-record
 * numbers and repository paths. This turns them into plain names and words (ADR 221).
 */

const REGIME_ID_PATTERN = new RegExp(`\\b(${REGIME_IDS.join('|')})\\b`, 'g');

const REWRITES: readonly (readonly [RegExp, string])[] = [
  // Decision-record references, with the brackets or list they sit in.
  [/\s*\((?:see )?ADRs? \d+(?:\s*(?:,|and)\s*\d+)*\)/g, ''],
  [/,?\s*\bADRs? \d+(?:\s*(?:,|and)\s*\d+)*/g, ''],
  // "(transcribed in owner/repo path/file.py)": where a source was copied from, not the source.
  [/\s*\(transcribed in [^)]*\)/g, ''],
  [/\s*\S+\/\S+\.(?:py|md|ts|tsx|json)\b/g, ''],
  [/\brisk model [\d.]+ issue:\s*/g, ''],
  // "M3 MFA and access control" -> "MFA and access control": factor codes are internal.
  [/\b[MA]\d{1,2}\s+(?=[A-Z("])/g, ''],
  [/\bShapley contributions\b/g, 'fair-share contributions'],
  [/\bShapley\b/g, 'fair-share'],
];

/** One text in plain names and words. */
export function toPlainWords(text: string): string {
  let out = text.replace(REGIME_ID_PATTERN, (id) => REGIME_LABELS[id as keyof typeof REGIME_LABELS]);
  for (const [pattern, replacement] of REWRITES) out = out.replace(pattern, replacement);
  // A code not followed by its name ("when A4 is compliant") becomes the name.
  out = out.replace(/\b([MA]\d{1,2})\b/g, (code) => FACTORS.find((f) => f.id === code)?.name.toLowerCase() ?? code);
  return out
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.;)])/g, '$1')
    .trim();
}

/** A source note without the "assumption:" its label already says (it printed "assumption: assumption:"). */
export function plainSourceNote(source: string, isAssumption: boolean): string {
  const plain = toPlainWords(source);
  return isAssumption ? plain.replace(/^assumption\b[:;,]?\s*/i, '') : plain;
}

/** Texts with repeats removed (the calibration population was printed twice, as a step and as a limit). */
export function withoutRepeats(texts: readonly string[], alreadyShown: readonly string[]): string[] {
  const seen = new Set(alreadyShown);
  return texts.filter((t) => {
    if (seen.has(t)) return false;
    seen.add(t);
    return true;
  });
}
