/**
 * The full model 2.0 against model 1.0 in one run, alternating run by run (the targets of
 * docs/benchmarks.md, "Engine, risk model 2.0": without attribution no slower than 1.0; with
 * attribution and recommendations ≤ 35 ms median on a quiet machine). Model 1.0 is the engine at commit e4c5c97, checked out next to this one:
 *
 *   git worktree add .tmp/old-engine e4c5c97
 *   npx tsx bench/engine-vs-1.0.ts [runs]
 *
 * Both: examples/clinic-120.json, 100,000 years, a new seed every run (no cached draws).
 */
import { readFileSync } from 'node:fs';
import { assessRisk as assess2 } from '../src/engine/assess-risk.ts';

const runs = Number(process.argv[2] ?? 30);
const oldPath = new URL('../.tmp/old-engine/src/engine/assess-risk.ts', import.meta.url).href;
const { assessRisk: assess1 } = (await import(oldPath)) as { assessRisk: typeof assess2 };
const clinic = JSON.parse(readFileSync(new URL('../examples/clinic-120.json', import.meta.url), 'utf8'));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

for (const attribution of [false, true]) {
  const t1: number[] = [];
  const t2: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    let start = performance.now();
    assess1(clinic, { iterations: 100_000, seed: 100 + i, attribution });
    const a = performance.now() - start;
    start = performance.now();
    assess2(clinic, { iterations: 100_000, seed: 100 + i, attribution });
    const b = performance.now() - start;
    if (i >= 3) {
      t1.push(a);
      t2.push(b);
    }
  }
  const ratio = median(t2.map((b, i) => b / (t1[i] as number)));
  console.log(
    `${attribution ? 'with attribution + recommendations' : 'without attribution'}: model 1.0 median ${median(t1).toFixed(1)} ms (min ${Math.min(...t1).toFixed(1)}), model 2.0 median ${median(t2).toFixed(1)} ms (min ${Math.min(...t2).toFixed(1)}), median pair ratio 2.0/1.0 = ${ratio.toFixed(2)}`,
  );
}
