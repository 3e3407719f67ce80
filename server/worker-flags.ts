// The flags each worker's node runs with: the supervisor's own (`--cpu-prof` from the bench, an
// operator's `--max-old-space-size`…) and a larger young generation for V8.
//
// A page render allocates a few hundred kB of short-lived objects (its element tree, strings,
// the document's bytes), and at 50 connections V8's default young generation is full of the
// pages in flight, which every scavenge copies. With a 32 MB semi-space, a signed-in /deals at 50
// connections did 767 against 711 pages a second (median of 8 rounds, the two servers
// alternated, ahead in all 8) and 2.07 against 2.27 ms of the workers' CPU a page. 64 MB did no
// better under load (663 against 665) and cost more one page at a time (15 % against 6 % above
// the default) and more memory (about 100 MB a worker against 30-40). Figures, and the runs that
// did not show it: decision record 016, session 22.

/** The young generation's semi-space, in MB, unless the operator names one. */
export const WORKER_SEMI_SPACE_MB = 32;

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
