/**
 * CPU seconds of a run with every answer "I don't know" beside a typical run of the same profile
 * (ADR 268, ADR 309), what the server runs at completion (precise by default, with attribution):
 *
 *   npm run bench:unknown -- [--rounds N]
 *
 * The two runs alternate seed by seed in this one process (the machine is shared and noisy: compare
 * ratios, not seconds), each from cold draws. Prints, per profile, the first pair (the process's first
 * runs of that code: cold) and, over the next rounds, the median CPU time of each and the ratio of the
 * medians (target: at most 2). A report, never a limit (ADR 005).
 */
import { assessRisk, clearAssessRiskCache } from '../src/engine/assess-risk.ts';
import type { RiskInput } from '../src/engine/risk-input.ts';
import { createUniformAnswers, REFERENCE_PROFILES, SAMPLE_CLINIC_INPUT } from '../src/engine/sample-inputs.ts';

const PROFILES: readonly { readonly label: string; readonly typical: RiskInput }[] = [
  { label: 'Clinic sample (120 people, $18M)', typical: SAMPLE_CLINIC_INPUT },
  ...REFERENCE_PROFILES.filter((p) => p.id === 'manufacturerAverage' || p.id === 'financialAverage').map((p) => ({
    label: p.label,
    typical: p.input,
  })),
];

/** No framework evidence, so all 19 answers stay unknown. */
const everyAnswerUnknown = (input: RiskInput): RiskInput => ({ ...input, frameworks: {}, factors: createUniformAnswers('unknown') });

function cpuSecondsOf(run: () => void): number {
  clearAssessRiskCache();
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function readRounds(argv: readonly string[]): number {
  const at = argv.indexOf('--rounds');
  const rounds = at === -1 ? 9 : Number(argv[at + 1]);
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError('--rounds: a positive integer');
  return rounds;
}

const rounds = readRounds(process.argv.slice(2));
for (const { label, typical } of PROFILES) {
  const unknown = everyAnswerUnknown(typical);
  const typicalSeconds: number[] = [];
  const unknownSeconds: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    const seed = round + 1;
    // Alternate which goes first, so a burst of load on the machine falls on both alike.
    const pair = [
      () => typicalSeconds.push(cpuSecondsOf(() => assessRisk(typical, { seed }))),
      () => unknownSeconds.push(cpuSecondsOf(() => assessRisk(unknown, { seed }))),
    ];
    for (const run of round % 2 === 0 ? pair : [...pair].reverse()) run();
  }
  const [firstTypical, firstUnknown] = [typicalSeconds.shift() as number, unknownSeconds.shift() as number];
  const [t, u] = [median(typicalSeconds), median(unknownSeconds)];
  const first = `first pair ${firstTypical.toFixed(3)} / ${firstUnknown.toFixed(3)} s (${(firstUnknown / firstTypical).toFixed(2)}x)`;
  console.log(
    `${label}: ${first}; then typical ${t.toFixed(3)} s, every answer unknown ${u.toFixed(3)} s (CPU, median of ${rounds}): ${(u / t).toFixed(2)}x`,
  );
}
