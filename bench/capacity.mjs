// The capacity model: from this run's own figures, how many shoppers one machine serves in the
// busiest hour, the last one before a community's deadline, so a self-hoster can tell when one
// container is no longer enough. Budget: DESIGN.md "Budgets" (2 cores).

/** What we assume of the last hour; printed with the result. */
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

/** The mean of the workers' CPU ms a signed-in page (the compressed flat-out rows), or null. */
export function meanPageCpuMs(signedIn = []) {
  const costs = signedIn.filter((l) => SIGNED_IN_PAGES.includes(l.key)).map((l) => l.result?.serverCpuMsEach);
  return costs.length === SIGNED_IN_PAGES.length && costs.every((c) => c > 0) ? costs.reduce((a, b) => a + b, 0) / costs.length : null;
}

/**
 * How much more a signed-in /deals cost the workers while checkouts were written (the rounds'
 * own CPU, at the checkout mix's cost a round, taken out): every commit empties the workers'
 * kept reads, which the page rows, where nothing is written, keep all along. Null without both.
 */
export function pageCostWithWrites({ withWrites, checkout, signedIn = [] }) {
  const quiet = signedIn.find((l) => l.key === "dealsSignedIn")?.result?.serverCpuMsEach;
  const roundCpu = checkout?.serverCpuMsEach;
  if (!(withWrites?.requests > 0) || !(withWrites.serverCpuMsEach > 0) || !(quiet > 0) || !(roundCpu > 0)) return null;
  const pageMs = (withWrites.serverCpuMsEach * withWrites.requests - withWrites.writes.rounds * roundCpu) / withWrites.requests;
  return { pageMs, quietMs: quiet, factor: Math.max(1, pageMs / quiet) };
}

/**
 * { shoppers(cores), lines } or null. A page costs the workers' CPU the run measured (a
 * self-hoster's shoppers do not share the server's cores, the bench's load generator does),
 * scaled by the with-writes factor when measured. Pages scale with cores (one worker per core);
 * checkouts do not (SQLite has one writer), so beyond this machine the checkout rate stays.
 */
export function capacityModel(measured, cores, assumptions = ASSUMPTIONS) {
  const pageMs = meanPageCpuMs(measured.signedIn);
  const checkoutsPerSecond = measured.checkout?.checkoutsPerSecond;
  if (!pageMs || !(checkoutsPerSecond > 0)) return null;
  const { pagesPerOrder, checkoutsPerOrder, lastHourShare, orderingMembers, headroom } = assumptions;
  const writes = pageCostWithWrites(measured);
  const factor = writes?.factor ?? 1;
  const shoppers = (n, scale = factor) => {
    const pageSeconds = (pagesPerOrder * pageMs * scale) / 1000 / n;
    const checkoutSeconds = checkoutsPerOrder / (n >= cores ? checkoutsPerSecond : (checkoutsPerSecond * n) / cores);
    return Math.floor((3600 * headroom) / (pageSeconds + checkoutSeconds));
  };
  const fmt = (value) => value.toLocaleString("en-US");
  const lines = [
    `Capacity model. Assumptions: ${pagesPerOrder} signed-in pages and ${checkoutsPerOrder} checkout per order; ${Math.round(lastHourShare * 100)} % of a community's weekly orders in its last hour; ${orderingMembers} ordering members a community; plan for ${Math.round(headroom * 100)} % of measured capacity.`,
    `  Measured: ${pageMs.toFixed(2)} ms of the workers' CPU a signed-in page (mean of 5, compressed)${writes ? `, counted at ${factor.toFixed(2)} times that while checkouts are written (/deals ${writes.pageMs.toFixed(2)} against ${writes.quietMs.toFixed(2)} ms)` : ""}; ${checkoutsPerSecond.toFixed(0)} checkouts/s.`,
    ...[1, 2, 4, 8].map((n) => `  ${n} core${n === 1 ? "" : "s"}: about ${fmt(shoppers(n))} shoppers ordering in the last hour, about ${fmt(Math.floor(shoppers(n) / (orderingMembers * lastHourShare)))} communities whose deadlines fall in that hour${writes ? ` (${fmt(shoppers(n, 1))} with nothing written)` : ""}`),
  ];
  return { shoppers, lines };
}
