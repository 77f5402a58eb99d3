/**
 * Side by side in one run (docs/benchmarks.md, "Engine, risk model 2.0"): the engine's compound Poisson × lognormal primitive
 * (`simulateAnnualLoss`) against a vectorised numpy implementation of the same model
 * (bench/numpy_compound_poisson_lognormal.py, Debian's python3-numpy). Both: 100,000 years,
 * Poisson(0.12) × lognormal(median $357K, sigma 1.969) capped at $75M per incident, plus the
 * summary the primitive returns (mean, SD, SE, P(any), P50/P90/P95/P99, ES99) in both.
 * Runs alternate one by one (engine, numpy, engine, ...; numpy in a persistent process, timing
 * the simulation alone), so a busy machine slows both alike; 5 warm-up runs each are dropped.
 *
 *   npx tsx bench/engine-vs-numpy.ts [runs]
 *
 * Results go to docs/benchmarks.md (Engine).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { simulateAnnualLoss } from '../src/engine/simulate-annual-loss.ts';

const runs = Number(process.argv[2] ?? 40);
const model = { frequency: { kind: 'poisson', rate: 0.12 }, severity: { kind: 'lognormal', median: 357_000, sigma: 1.969, cap: 75_000_000 }, iterations: 100_000 } as const;
const script = fileURLToPath(new URL('./numpy_compound_poisson_lognormal.py', import.meta.url));
const python = spawn('python3', [script, '--serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
const replies = createInterface({ input: python.stdout })[Symbol.asyncIterator]();

interface Run {
  ms: number;
  meanUsd: number;
  probabilityOfAnyLoss: number;
}

async function numpyRun(seed: number): Promise<Run> {
  python.stdin.write(`${seed}\n`);
  const next = await replies.next();
  if (next.done === true) throw new Error('python3 numpy process ended (is python3-numpy installed?)');
  return JSON.parse(next.value) as Run;
}

function engineRun(seed: number): Run {
  const start = performance.now();
  const { summary } = simulateAnnualLoss({ ...model, seed });
  return { ms: performance.now() - start, meanUsd: summary.expectedUsd, probabilityOfAnyLoss: summary.probabilityOfAnyLoss };
}

const engine: Run[] = [];
const numpy: Run[] = [];
for (let i = 0; i < runs + 5; i++) {
  const e = engineRun(1000 + i);
  const n = await numpyRun(1000 + i);
  if (i >= 5) {
    engine.push(e);
    numpy.push(n);
  }
}
python.stdin.end();
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
const ratios = engine.map((e, i) => e.ms / (numpy[i] as Run).ms);
for (const [name, rows] of [[`engine (Node ${process.versions.node})`, engine], ['numpy (python3)', numpy]] as const) {
  console.log(
    `${name.padEnd(22)} median ${median(rows.map((r) => r.ms)).toFixed(2)} ms  min ${Math.min(...rows.map((r) => r.ms)).toFixed(2)} ms  mean annual loss $${Math.round(mean(rows.map((r) => r.meanUsd))).toLocaleString('en-US')}  P(any) ${mean(rows.map((r) => r.probabilityOfAnyLoss)).toFixed(4)}`,
  );
}
console.log(`median of per-pair time ratios engine/numpy: ${median(ratios).toFixed(2)} over ${runs} pairs (≤ 1: the engine is at least as fast)`);
