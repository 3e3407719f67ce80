// The flags each worker's node runs with: the supervisor's own (`--cpu-prof` from the bench, an
// operator's `--max-old-space-size`…) and a larger young generation for V8.
//
// A page render allocates a few hundred kB of short-lived objects (its element tree, strings,
// the document's bytes), and with V8's default semi-space a worker ran a scavenge every few
// pages. With 64 MB, a signed-in /deals at 50 connections did 872 against 760 pages a second
// (median of 10 rounds, the two servers alternated, ahead in 9 of them) and 1.86 against 2.15 ms
// of the workers' CPU a page; each worker holds about 100 MB more (352 against 261 MB resident).
// One page at a time it costs more instead (about a fifth): the budgets and the hour before a
// deadline are the loaded case. Figures, and the runs that did not show it: decision record 016,
// session 22.

/** The young generation's semi-space, in MB, unless the operator names one. */
export const WORKER_SEMI_SPACE_MB = 64;

const SEMI_SPACE_FLAG = /^--max[-_]semi[-_]space[-_]size(=|$)/;

/**
 * The workers' execArgv: the supervisor's, plus the semi-space size unless it was already given
 * on the command line or in NODE_OPTIONS (which the workers inherit), so an operator on a small
 * machine can ask for less.
 */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((argument) => SEMI_SPACE_FLAG.test(argument));
  return given ? [...execArgv] : [...execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}
