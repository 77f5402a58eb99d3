import { Pause, Play } from 'lucide-react';
import { useState, type Ref } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import { HERO_COUNTER_INTERVAL_MS, HERO_COUNTER_STATISTICS } from '../content/breach-statistics.ts';
import { useRotatingIndex } from '../hooks/use-rotating-index.ts';
import { FACTOR_COUNT } from '@/engine/factors.ts';

export function LandingHero({
  headerRef,
  onRequestAccess,
  onForgotPassword,
}: {
  headerRef: Ref<HTMLElement>;
  onRequestAccess: () => void;
  onForgotPassword: () => void;
}) {
  return (
    <header ref={headerRef} id="overview" className="scroll-mt-24 bg-slate-900 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[3fr_2fr] lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-blue-200 uppercase">Cybersecurity Risk Assessment</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
            Know what a cyber attack would cost your business, in dollars.
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-200">
            CIFER turns a {FACTOR_COUNT}-factor analysis of your security posture and compliance obligations into dollar loss estimates, a
            ranked list of fixes and a board-ready report. Built for healthcare, financial services and manufacturing companies with 10 to
            500 employees.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg" className="bg-blue-600 hover:bg-blue-500">
              <Link href="/subscribe">Start Assessment</Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="border-slate-400 bg-transparent text-white hover:bg-slate-800">
              <a href="#contact">Talk to a consultant</a>
            </Button>
          </div>
          <p className="mt-6 text-sm text-slate-300">
            Partner or cybersecurity professional?{' '}
            <button
              type="button"
              onClick={onRequestAccess}
              className="font-medium text-blue-200 underline underline-offset-2 hover:text-white"
            >
              Request Account Access
            </button>
            <span aria-hidden="true"> · </span>
            <button
              type="button"
              onClick={onForgotPassword}
              className="font-medium text-blue-200 underline underline-offset-2 hover:text-white"
            >
              Forgot Password?
            </button>
          </p>
        </div>
        <BreachCostCounter />
      </div>
    </header>
  );
}

/** Breach-cost figures that rotate every few seconds, with a control to pause them. */
function BreachCostCounter() {
  const [isPaused, setPaused] = useState(false);
  const index = useRotatingIndex(HERO_COUNTER_STATISTICS.length, HERO_COUNTER_INTERVAL_MS, isPaused);
  const statistic = HERO_COUNTER_STATISTICS[index] ?? HERO_COUNTER_STATISTICS[0]!;
  return (
    <div className="flex flex-col justify-center">
      <figure className="rounded-2xl border border-slate-700 bg-slate-800 p-6 shadow-lg">
        <p className="text-sm font-medium text-slate-300">What a breach costs</p>
        {/* Not a live region: a figure changing every 3 s would interrupt screen-reader users. */}
        <div className="mt-2 min-h-[9.5rem]" data-testid="hero-counter">
          <p className="text-5xl font-bold text-white tabular-nums">{statistic.value}</p>
          <p className="mt-2 text-lg text-slate-100">{statistic.label}</p>
          <figcaption className="mt-2 text-sm text-slate-300">Source: {statistic.source}</figcaption>
        </div>
        <div className="mt-4 flex items-center justify-between">
          <div className="flex gap-1.5" aria-hidden="true">
            {HERO_COUNTER_STATISTICS.map((item, i) => (
              <span key={item.value} className={`h-1.5 w-6 rounded-full ${i === index ? 'bg-blue-300' : 'bg-slate-600'}`} />
            ))}
          </div>
          <button
            type="button"
            onClick={() => setPaused((paused) => !paused)}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-200 hover:bg-slate-700 focus-visible:ring-2 focus-visible:ring-blue-300 focus-visible:outline-none"
          >
            {isPaused ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
            {isPaused ? 'Resume figures' : 'Pause figures'}
          </button>
        </div>
      </figure>
    </div>
  );
}
