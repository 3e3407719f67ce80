// The capacity model (issue #13): from this run's own figures, how many shoppers and communities
// one machine serves in the busiest hour, the last one before a community's deadline, so a
// self-hoster can tell when one container is no longer enough. Printed by run.mjs under the table.

/** What we assume of the last hour; each is printed with the result. */
export const ASSUMPTIONS = {
  /** signed-in pages a shopper opens for one order (home, the list, a few deals, cart, review, orders) */
  pagesPerOrder: 12,
  /** checkout rounds per order (the bench's round: add to cart, then check out) */
  checkoutsPerOrder: 1,
  /** share of a community's weekly orders placed in the hour before its deadline */
  lastHourShare: 0.4,
  /** members of a community who order in a week */
  orderingMembers: 150,
  /** the share of measured capacity we plan to use: orders bunch up within the hour */
  headroom: 0.5,
};

export const SIGNED_IN_PAGES = ["dealsSignedIn", "dealSignedIn", "cart", "orders", "profile"];

/**
 * The workers' CPU a signed-in /deals cost while checkouts were written (run.mjs `withWrites`),
 * the rounds' own CPU (the checkout mix's, a round) taken out, against the same page with nothing
 * written: `null` without both rows.
 */
export function pageCostWithWrites({ withWrites, checkout, loads = [] }) {
  const quiet = loads.find((l) => l.key === "dealsSignedIn")?.result?.serverCpuMsEach;
  const roundCpu = checkout?.serverCpuMsEach;
  if (!(withWrites?.requests > 0) || !(withWrites.serverCpuMsEach > 0) || !(quiet > 0) || !(roundCpu > 0)) return null;
  const pageMs = (withWrites.serverCpuMsEach * withWrites.requests - withWrites.writes.rounds * roundCpu) / withWrites.requests;
  return { pageMs, quietMs: quiet, factor: pageMs / quiet };
}

/**
 * Lines of text. Pages scale with cores (one worker per core); checkouts do not (SQLite has one
 * writer), so for more cores the checkout rate stays what this machine measured.
 *
 * A page's cost is the CPU the workers spent on it when the run measured that: the bench's own
 * load generator shares this machine (0.2-0.4 of a core on the signed-in pages), a self-hoster's
 * shoppers do not, so throughput measured here undercounts what the cores serve. Without CPU
 * figures, the machine-seconds a page took here stand in.
 */
export function capacityModel(measured, cores, assumptions = ASSUMPTIONS) {
  // A shopper's browser asks for compressed answers, and compressing is part of what a page
  // costs: the rows measured that way when the run has them, else the plain ones.
  const signedIn = (rows) => (rows ?? []).filter((l) => SIGNED_IN_PAGES.includes(l.key) && l.result?.rps > 0);
  const compressed = signedIn(measured.browser).length > 0;
  const pages = compressed ? signedIn(measured.browser) : signedIn(measured.loads);
  const checkoutsPerSecond = measured.checkout?.checkoutsPerSecond;
  if (pages.length === 0 || !(checkoutsPerSecond > 0)) return ["capacity model: n/a (the signed-in pages or the checkout mix were not measured)"];
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  // Machine-seconds per page here: the mean over the signed-in pages of 1 / throughput.
  const secondsPerPage = mean(pages.map((l) => 1 / l.result.rps));
  const byCpu = pages.every((l) => l.result.serverCpuMsEach > 0);
  // Core-seconds a page: its CPU, else the machine-seconds it took here times the cores.
  const coreSecondsPerPage = byCpu ? mean(pages.map((l) => l.result.serverCpuMsEach)) / 1000 : secondsPerPage * cores;
  const { pagesPerOrder, checkoutsPerOrder, lastHourShare, orderingMembers, headroom } = assumptions;
  const pageCost = byCpu
    ? `the workers' CPU, ${(coreSecondsPerPage * 1000).toFixed(2)} ms a signed-in page, that is ${(cores / coreSecondsPerPage).toFixed(0)} pages/s from ${cores} cores with the shoppers elsewhere (${(1 / secondsPerPage).toFixed(0)} pages/s here, beside the load generator)`
    : `${(1 / secondsPerPage).toFixed(0)} signed-in pages/s on ${cores} cores`;
  const lines = [
    `assumptions: ${pagesPerOrder} signed-in pages and ${checkoutsPerOrder} checkout per order; ${Math.round(lastHourShare * 100)} % of a community's weekly orders in its last hour; ${orderingMembers} ordering members a community; plan for ${Math.round(headroom * 100)} % of measured capacity. Measured here: ${pageCost} (mean over ${pages.map((l) => l.key).join(", ")}, ${compressed ? "compressed as a browser asks" : "uncompressed"}); ${checkoutsPerSecond.toFixed(0)} checkouts/s.`,
  ];
  // With the deadline's writes a page costs more (kept reads emptied by every commit): the same
  // model with every page's cost scaled as signed-in /deals's was, when the run measured it.
  const withWrites = pageCostWithWrites(measured);
  const perCore = (pageCost) => (n) => {
    const pageSeconds = (pagesPerOrder * pageCost) / n;
    // Checkouts are written one at a time whatever the cores; a second core does not add writers.
    const checkoutSeconds = checkoutsPerOrder / (n >= cores ? checkoutsPerSecond : (checkoutsPerSecond * n) / cores);
    return (3600 * headroom) / (pageSeconds + checkoutSeconds);
  };
  const quiet = perCore(coreSecondsPerPage);
  const written = withWrites ? perCore(coreSecondsPerPage * withWrites.factor) : null;
  for (const n of [1, 2, 4, 8]) {
    const ordersPerHour = written ? written(n) : quiet(n);
    const communities = ordersPerHour / (orderingMembers * lastHourShare);
    const alsoQuiet = written ? ` (${Math.floor(quiet(n)).toLocaleString("en-US")} if pages cost what they do with nothing written)` : "";
    lines.push(`  ${n} core${n === 1 ? "" : "s"}: about ${Math.floor(ordersPerHour).toLocaleString("en-US")} shoppers ordering in one hour, so about ${Math.floor(communities).toLocaleString("en-US")} communities whose deadlines fall in the same hour${alsoQuiet}`);
  }
  if (withWrites) {
    lines.splice(1, 0, `  pages counted at ${withWrites.factor.toFixed(2)} times their cost with nothing written: signed-in /deals cost ${withWrites.pageMs.toFixed(2)} ms of the workers' CPU while checkouts were written (the rounds' own CPU taken out) against ${withWrites.quietMs.toFixed(2)} ms`);
  }
  return lines;
}
