// Types for the parts of load.mjs the test suite also uses (tests/integration/disaster-drill.test.ts):
// the checkout body and the revenue invariant.
export const CHECKOUT_BODY: string;
export interface RevenueInvariant {
  ok: boolean;
  cycles: number;
  mismatches: { id: string; revenue: number; ordersTotal: number }[];
  newOrders: number | null;
}
export function checkRevenueInvariant(databasePath: string, sinceMs?: number): RevenueInvariant;
