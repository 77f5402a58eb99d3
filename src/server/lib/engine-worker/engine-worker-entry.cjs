/**
 * The first module of an engine pool thread (engine-runner.ts, ADR 269): plain JavaScript, so any
 * Node the package supports loads it (on Node 20 a worker ignores `--import tsx` for its own entry
 * and refuses a .ts one). It registers tsx's require hook in this thread, then loads the TypeScript
 * worker, engine-worker.ts unless the runner names a test's stand-in in piscina's workerData, and
 * hands piscina its default export, the job handler. ADR 276.
 *
 * CommonJS on purpose: tsx's require hook runs inside this thread, where its ESM loader
 * (`tsx/esm/api`) runs on a hooks thread of its own, which on Node 20 once ended a worker with exit
 * code 1 and no error under load. The engine's modules have no top-level await, so they load the
 * same either way.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose, as said above */
'use strict';
const { fileURLToPath } = require('node:url');
const { workerData } = require('piscina');
const { register } = require('tsx/cjs/api');

register();
const standIn = workerData && workerData.script;
module.exports = require(standIn ? fileURLToPath(standIn) : './engine-worker.ts').default;
