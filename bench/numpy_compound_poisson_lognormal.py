#!/usr/bin/env python3
"""Vectorised numpy reference of the engine's primitive: annual loss = sum of N ~ Poisson(rate)
incidents, each lognormal(median, sigma) capped per incident (examples/primitive-poisson-lognormal.json),
and the same summary the engine returns (mean, SD, SE, P(any), P50/P90/P95/P99, ES99).

Usage: python3 bench/numpy_compound_poisson_lognormal.py [--runs 40] [--years 100000]
Prints one JSON line: {"impl": "numpy", "medianMs": ..., "minMs": ..., "meanUsd": ..., ...}.
Run with Debian's python3-numpy; `npx tsx bench/engine-vs-numpy.ts` runs it next to the engine.
"""
import argparse
import json
import time

import numpy as np


def simulate(rng: np.random.Generator, years: int, rate: float, median: float, sigma: float, cap: float) -> np.ndarray:
    counts = rng.poisson(rate, size=years)
    total = int(counts.sum())
    losses = np.minimum(rng.lognormal(np.log(median), sigma, size=total), cap)
    # Sum the incidents of each year: bincount over the year index of every incident.
    years_of_events = np.repeat(np.arange(years), counts)
    return np.bincount(years_of_events, weights=losses, minlength=years)


def summarize(annual: np.ndarray) -> dict:
    """The summary the engine's primitive returns: mean, sd, SE, P(any), nearest-rank P50/P90/P95/P99, ES99."""
    n = annual.size
    ranks = [int(np.ceil(p * n)) - 1 for p in (0.5, 0.9, 0.95, 0.99)]
    tail = max(1, int(np.ceil(0.01 * n)))
    part = np.partition(annual, ranks + [n - tail])
    sd = float(annual.std(ddof=1))
    return {
        "meanUsd": float(annual.mean()),
        "sdUsd": sd,
        "seUsd": sd / np.sqrt(n),
        "probabilityOfAnyLoss": float(np.count_nonzero(annual) / n),
        "percentiles": [float(part[r]) for r in ranks],
        "es99Usd": float(part[n - tail:].mean()),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--years", type=int, default=100_000)
    parser.add_argument("--rate", type=float, default=0.12)
    parser.add_argument("--median", type=float, default=357_000)
    parser.add_argument("--sigma", type=float, default=1.969)
    parser.add_argument("--cap", type=float, default=75_000_000)
    parser.add_argument("--serve", action="store_true", help="read one seed per stdin line, answer the run's milliseconds (for interleaved runs)")
    args = parser.parse_args()
    if args.serve:
        import sys
        for line in sys.stdin:
            rng = np.random.default_rng(int(line))
            start = time.perf_counter()
            annual = simulate(rng, args.years, args.rate, args.median, args.sigma, args.cap)
            summary = summarize(annual)
            elapsed = (time.perf_counter() - start) * 1000
            print(json.dumps({"ms": elapsed, "meanUsd": summary["meanUsd"], "probabilityOfAnyLoss": summary["probabilityOfAnyLoss"]}), flush=True)
        return
    times = []
    annual = None
    for run in range(args.runs + 5):
        rng = np.random.default_rng(1000 + run)
        start = time.perf_counter()
        annual = simulate(rng, args.years, args.rate, args.median, args.sigma, args.cap)
        summarize(annual)
        elapsed = (time.perf_counter() - start) * 1000
        if run >= 5:  # warm-up runs excluded, as for the engine
            times.append(elapsed)
    times.sort()
    print(json.dumps({
        "impl": "numpy " + np.__version__,
        "runs": args.runs,
        "years": args.years,
        "medianMs": times[len(times) // 2],
        "minMs": times[0],
        "meanUsd": float(annual.mean()),
        "probabilityOfAnyLoss": float((annual > 0).mean()),
    }))


if __name__ == "__main__":
    main()
