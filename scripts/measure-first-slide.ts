/**
 * "First slide on screen" of /presentation (ADR 125), side by side: two running
 * servers (e.g. the main branch's build and this one), measured in alternation so both see the
 * same machine load. Each round completes a new assessment on each server first, so the report
 * is cold (its what-changed waterfall not cached), as in tests/e2e/presentation.spec.ts.
 *
 *   npx tsx scripts/measure-first-slide.ts http://127.0.0.1:5361 http://127.0.0.1:5362 [rounds]
 *   FRESH_CONTEXT=1 npx tsx scripts/measure-first-slide.ts ...   (a new browser and account per round)
 *
 * Prints, per server, the time from navigation start to the first slide painted, measured in the
 * page (tests/support/first-slide-timing.ts), cold and then warm (the same page opened again).
 */
import { chromium, type BrowserContext } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { SAMPLE_CLINIC_INPUT } from '../src/engine/sample-inputs.ts';
import { readFirstSlideTiming, watchFirstSlide } from '../tests/support/first-slide-timing.ts';

const [, , ...args] = process.argv;
const servers = args.filter((a) => a.startsWith('http'));
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
if (servers.length === 0) throw new Error('usage: measure-first-slide.ts <baseUrl> [<baseUrl> ...] [rounds]');

async function signUp(context: BrowserContext, baseURL: string): Promise<void> {
  const headers = { origin: baseURL };
  const email = `speed-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`;
  const ok = async (response: { ok(): boolean; status(): number; text(): Promise<string> }) => {
    if (!response.ok()) throw new Error(`${response.status()}: ${await response.text()}`);
    return response;
  };
  await ok(await context.request.post(`${baseURL}/api/auth/register`, { headers, data: { email, password: 'Correct-Horse-Battery-9', firstName: 'Dana', lastName: 'Whitfield', company: 'Riverside Clinic' } }));
  const setup = await ok(await context.request.post(`${baseURL}/api/mfa/totp/setup`, { headers, data: {} }));
  const { manualEntryKey } = (await (setup as unknown as { json(): Promise<{ manualEntryKey: string }> }).json());
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualEntryKey), digits: 6, period: 30, algorithm: 'SHA1' });
  await ok(await context.request.post(`${baseURL}/api/mfa/totp/verify-setup`, { headers, data: { code: totp.generate() } }));
}

async function completeAssessment(context: BrowserContext, baseURL: string, revenue: number): Promise<void> {
  const headers = { origin: baseURL };
  const input = { ...SAMPLE_CLINIC_INPUT, organisation: { ...SAMPLE_CLINIC_INPUT.organisation, annualRevenueUsd: revenue }, factors: { ...SAMPLE_CLINIC_INPUT.factors, M2: 'best' } };
  const created = await context.request.post(`${baseURL}/api/assessments`, { headers, data: { title: `Round ${revenue}`, input } });
  const { id } = (await created.json()) as { id: string };
  const done = await context.request.post(`${baseURL}/api/assessments/${id}/complete`, { headers, data: {} });
  if (!done.ok()) throw new Error(`complete: ${done.status()}`);
}

const timelines = new Map<string, string>();

async function firstSlide(context: BrowserContext, baseURL: string): Promise<number> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await watchFirstSlide(page, 'Cyber risk in dollars:');
  await page.goto(`${baseURL}/presentation`);
  const { paintedMs, timeline } = await readFirstSlideTiming(page).catch(async (error: unknown) => {
    await page.screenshot({ path: '.tmp/measure-first-slide-failure.png' });
    console.error(`${baseURL}: the first slide was not seen; screenshot in .tmp/measure-first-slide-failure.png`);
    throw error;
  });
  await page.close();
  timelines.set(baseURL, timeline);
  return paintedMs;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
// FRESH_CONTEXT=1: every round signs up in a new browser context, so the presentation's own files
// are not cached yet either: the first visit right after sign-up of tests/e2e/presentation.spec.ts.
const freshContext = process.env.FRESH_CONTEXT === '1';
async function signedInContext(server: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server });
  await signUp(context, server);
  await completeAssessment(context, server, 20_000_000);
  // Loads the app's assets into the browser cache, as the e2e journey does before it opens the page.
  const warmup = await context.newPage();
  await warmup.goto(`${server}/`);
  await warmup.close();
  return context;
}
const contexts = new Map<string, BrowserContext>();
if (!freshContext) for (const server of servers) contexts.set(server, await signedInContext(server));
const figures = new Map(servers.map((s) => [s, { cold: [] as number[], warm: [] as number[] }]));
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? servers : [...servers].reverse();
  for (const server of order) {
    const context = freshContext ? await signedInContext(server) : (contexts.get(server) as BrowserContext);
    await completeAssessment(context, server, 21_000_000 + round * 1_000_000);
    figures.get(server)?.cold.push(await firstSlide(context, server));
    figures.get(server)?.warm.push(await firstSlide(context, server));
    if (freshContext) await context.close();
  }
}
await browser.close();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
for (const [server, f] of figures) {
  const show = (xs: number[]) => `median ${Math.round(median(xs))} ms, min ${Math.round(Math.min(...xs))}, max ${Math.round(Math.max(...xs))} [${xs.map(Math.round).join(', ')}]`;
  console.log(`${server}\n  cold (new assessment): ${show(f.cold)}\n  warm (opened again):   ${show(f.warm)}`);
  if (process.env.SHOW_TIMELINE) console.log(`  last load (ms since navigation start):\n${timelines.get(server) ?? ''}`);
}
