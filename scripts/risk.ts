/**
 * Command-line entry to the risk engine for analysts and scripts:
 *
 *   npm run risk -- <input.json> [--iterations N | --precision standard|board] [--seed S] [--no-attribution] [--explain]  [--compact] [--memory] [--bench N]
 *
 * The file holds either a full engine input (organisation, factors,
 * frameworks, ...) or the low-level primitive's input (frequency, severity).
 * Prints the result as JSON on stdout. Invalid input: a message naming the
 * problem on stderr and exit code 1 (no stack trace).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { AssessRiskOptionsSchema, RiskInputSchema, SimulateAnnualLossInputSchema } from '../src/contracts/risk.ts';
import { assessRisk } from '../src/engine/assess-risk.ts';
import { explain } from '../src/engine/explain.ts';
import { simulateAnnualLoss } from '../src/engine/simulate-annual-loss.ts';

const USAGE = 'Usage: npm run risk -- <input.json> [--iterations N | --precision standard|board] [--seed S] [--no-attribution] [--explain] [--compact] [--memory] [--bench N]';

/** Outcome of one CLI run. */
export interface CliOutcome {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

class UsageError extends Error {}

interface CliArgs {
  file: string;
  iterations?: number;
  precision?: string;
  seed?: number;
  attribution: boolean;
  withExplanation: boolean;
  compact: boolean;
  reportMemory: boolean;
}

function parseInteger(flag: string, raw: string | undefined): number {
  if (raw === undefined || !/^\d+$/.test(raw.replace(/_/g, ''))) throw new UsageError(`${flag} needs a non-negative integer, got ${raw ?? 'nothing'}`);
  return Number(raw.replace(/_/g, ''));
}

function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { file: '', attribution: true, withExplanation: false, compact: false, reportMemory: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    switch (flag) {
      case '--iterations':
        args.iterations = parseInteger('--iterations', inline ?? argv[++i]);
        break;
      case '--precision':
        args.precision = inline ?? argv[++i];
        if (args.precision !== 'standard' && args.precision !== 'board') throw new UsageError(`--precision needs standard or board, got ${args.precision ?? 'nothing'}`);
        break;
      case '--seed':
        args.seed = parseInteger('--seed', inline ?? argv[++i]);
        break;
      case '--no-attribution':
        args.attribution = false;
        break;
      case '--explain':
        args.withExplanation = true;
        break;
      case '--compact':
        args.compact = true;
        break;
      case '--memory':
        args.reportMemory = true;
        break;
      case '--bench':
        parseInteger('--bench', inline ?? argv[++i]);
        break;
      case '--help':
      case '-h':
        throw new UsageError(USAGE);
      default:
        if (flag.startsWith('-')) throw new UsageError(`unknown option ${flag}\n${USAGE}`);
        if (args.file !== '') throw new UsageError(`only one input file is accepted, got ${args.file} and ${flag}\n${USAGE}`);
        args.file = flag;
    }
  }
  if (args.file === '') throw new UsageError(`missing input file\n${USAGE}`);
  return args;
}

function formatIssues(file: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => `  - ${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`);
  return `Invalid input in ${file}:\n${lines.join('\n')}`;
}

/** Runs the CLI on arguments (without `node script`), reading files with `readFile`. */
export function runRiskCli(argv: readonly string[], readFile: (path: string) => string = (p) => readFileSync(p, 'utf8')): CliOutcome {
  const fail = (message: string, exitCode = 1): CliOutcome => ({ exitCode, stdout: '', stderr: `${message}\n` });
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error), 2);
  }
  let text: string;
  try {
    text = readFile(args.file);
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
    return fail(code === 'ENOENT' ? `Cannot read ${args.file}: file not found` : `Cannot read ${args.file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return fail(`Invalid JSON in ${args.file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const indent = args.compact ? undefined : 2;
  try {
    if (typeof raw === 'object' && raw !== null && 'frequency' in raw) {
      const parsed = SimulateAnnualLossInputSchema.safeParse({
        ...raw,
        ...(args.iterations === undefined ? {} : { iterations: args.iterations }),
        ...(args.seed === undefined ? {} : { seed: args.seed }),
      });
      if (!parsed.success) return fail(formatIssues(args.file, parsed.error));
      const { summary } = simulateAnnualLoss(parsed.data);
      const output = { kind: 'simulateAnnualLoss', input: parsed.data, summary };
      return { exitCode: 0, stdout: `${JSON.stringify(output, null, indent)}\n`, stderr: '' };
    }
    const parsed = RiskInputSchema.safeParse(raw);
    if (!parsed.success) return fail(formatIssues(args.file, parsed.error));
    const options = AssessRiskOptionsSchema.safeParse({
      ...(args.iterations === undefined ? {} : { iterations: args.iterations }),
      ...(args.precision === undefined ? {} : { precision: args.precision }),
      ...(args.seed === undefined ? {} : { seed: args.seed }),
      attribution: args.attribution,
    });
    if (!options.success) return fail(formatIssues('the command-line options', options.error));
    const result = assessRisk(parsed.data, options.data);
    const output = args.withExplanation ? { ...result, explanation: explain(result) } : result;
    return { exitCode: 0, stdout: `${JSON.stringify(output, null, indent)}\n`, stderr: '' };
  } catch (error) {
    if (error instanceof RangeError) return fail(`Invalid input in ${args.file}: ${error.message}`);
    return fail(`Risk engine failed: ${error instanceof Error ? error.message : String(error)}`, 3);
  }
}

/** Median of a list of numbers. */
function computeMedian(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * `--bench N`: runs the same computation N times after 5 warm-up runs, each
 * with a different seed, and reports the median wall-clock and CPU time per
 * run (CPU time is less disturbed when other processes share the machine).
 */
function runBench(argv: readonly string[], runs: number): string {
  const rest = argv.filter((a, i) => a !== '--bench' && argv[i - 1] !== '--bench' && !a.startsWith('--bench=') && a !== '--memory');
  const seedIndex = rest.indexOf('--seed');
  const base = seedIndex >= 0 ? rest.filter((_, i) => i !== seedIndex && i !== seedIndex + 1) : rest;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = -5; i < runs; i++) {
    const cpuStart = process.cpuUsage();
    const t0 = performance.now();
    const outcome = runRiskCli([...base, '--seed', String(1000 + i), '--compact']);
    const t1 = performance.now();
    const used = process.cpuUsage(cpuStart);
    if (outcome.exitCode !== 0) return outcome.stderr;
    if (i >= 0) {
      wall.push(t1 - t0);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  return `bench: ${runs} runs (+5 warm-up), median wall ${computeMedian(wall).toFixed(2)} ms, median CPU ${computeMedian(cpu).toFixed(2)} ms, min wall ${Math.min(...wall).toFixed(2)} ms (includes input validation and JSON output)\n`;
}

/** Peak resident memory of the process so far, in MB. */
function readPeakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  const benchIndex = argv.findIndex((a) => a === '--bench' || a.startsWith('--bench='));
  if (benchIndex >= 0) {
    const raw = argv[benchIndex]?.includes('=') ? argv[benchIndex]?.split('=')[1] : argv[benchIndex + 1];
    process.stderr.write(runBench(argv, Math.max(1, Number(raw) || 1)));
  }
  const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
  const startedMs = performance.now();
  const outcome = runRiskCli(argv);
  if (argv.includes('--memory')) {
    const elapsedMs = performance.now() - startedMs;
    const peakMb = readPeakRssMb();
    process.stderr.write(
      `memory: RSS before run ${rssBeforeMb.toFixed(1)} MB, peak RSS ${peakMb.toFixed(1)} MB, peak increase during run <= ${(peakMb - rssBeforeMb).toFixed(1)} MB; run took ${elapsedMs.toFixed(0)} ms (incl. JSON output)\n`,
    );
  }
  if (outcome.stdout !== '') process.stdout.write(outcome.stdout);
  if (outcome.stderr !== '') process.stderr.write(outcome.stderr);
  process.exitCode = outcome.exitCode;
}
