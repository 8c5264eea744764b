#!/usr/bin/env node
// Where a page moves while it loads, and what blocks it: every layout shift of a page (its value,
// when, and which elements moved from where to where) and every task over 50 ms, at Lighthouse's
// mobile screen (412×823), on the composed site as site-server/src/serve.ts runs it, the signed-in
// pages through a real session of the Auth emulator (as run.mjs signs in). Lighthouse gives the CLS
// and the blocking time of a page; this says where they come from.
//   bench/node_modules/.bin/tsx bench/layout-shifts.mjs                   every route the bench measures, 3 loads each
//   (or: pnpm --filter @site/bench layout-shifts, the same with the variables below)
//   SHIFT_ROUTES=/pricing SHIFT_RUNS=5 SHIFT_CPU=4 bench/node_modules/.bin/tsx bench/layout-shifts.mjs
//   SHIFT_TRACE=1 …   also what each long task ran (a Chrome trace: scripts, calls, layout, parsing)
//   SHIFT_PROFILE=1 … and which source files and functions ran in it (a CPU profile, through the builds'
//                     source maps: the share of the task's samples in which each file is on the stack,
//                     and in which each function was running itself)
// Each run also says how long the main thread worked until the page was idle (Chrome's own counters,
// at the run's CPU slowdown: all its tasks, the scripts' share of them, style and layout): the work a
// change to what runs on a page saves, steadier than the blocking time over a few runs.
//   SHIFT_RTT=150 SHIFT_KBPS=1638 …  on a slow network (DevTools' emulation: each response that much
//                     later, at that throughput; Lighthouse's mobile figures): with each run's LCP
//   SHIFT_SYNC=1 …    also each synchronous call of the page to the browser's stores (a read of
//                     document.cookie, a call of localStorage or sessionStorage, a write of the
//                     session's history: history.replaceState, pushState), timed, by the source
//                     file that made it: the main thread waits on each for the browser's answer
//                     (the context is a fresh one: its storage in memory, unlike a visitor's on disk)
// A route the bench does not measure, or a count that is not one, is refused before anything starts.
// Needs a build (pnpm build) and the site's ports free (take /tmp/e2e.lock where it is shared).
// The parts: the options, figures and report (src/layoutShiftFigures.ts, unit-tested), the measuring
// (src/layoutShifts.mjs), the site's server (src/servers.mjs, as run.mjs starts it).
import { shiftOptions, shiftReport } from './src/layoutShiftFigures.ts';
import { measureLayoutShifts, SHIFT_ROUTES } from './src/layoutShifts.mjs';

// The local site, as run.mjs and load.mjs measure it (serve.ts's NODE_ENV): the emulator's users
// sign in and local billing starts the trial; without it the sign-in's configuration is refused.
process.env.NODE_ENV ||= 'development';
const options = shiftOptions(process.env, SHIFT_ROUTES);
const results = await measureLayoutShifts(options);
for (const line of shiftReport(results, options)) console.log(line);
