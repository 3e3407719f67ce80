// The farmer's week in money (issue #49; the rule is domain/farmer-money.ts, decision record
// 018): for each closed week she sold in, per pickup point and product, what the shoppers paid,
// the market's share and what is hers, and whether the admin has marked it paid. Her statements
// page, its CSV and the admin's week page all read through here.
import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { inlined, isFalse } from "~/db/prepared.server";
import { communities, deals, orders, pickupPoints, vendorPayouts, vendors, weeklyCycles, type DeliveryType } from "~/db/schema";
import { moneyTotals } from "~/domain/farmer-money";
import { NOT_COUNTED_STATUSES } from "~/domain/vendor-schemas";
import { ServiceError } from "~/domain/errors";
import { toCsv } from "~/domain/csv";
import { toDecimalString } from "~/domain/money";
import { recordAuditEvent } from "./audit.server";
import { lineEarnedSql, marketShareSql } from "./line-earnings.server";

/** How many closed weeks her statements page lists. */
export const STATEMENT_WEEKS = 26;

export interface StatementLine {
  dealId: string;
  dealTitle: string;
  unit: string;
  qty: number;
  /** agorot: what the shoppers paid, the market's share, hers */
  paid: number;
  share: number;
  farmer: number;
}

export interface StatementPlace {
  pickupPointId: string | null;
  deliveryType: DeliveryType;
  address: string | null;
  lines: StatementLine[];
  totals: { paid: number; share: number; farmer: number };
}

export interface Payout {
  paidAt: Date;
  /** what the statement said when it was marked */
  amount: number;
}

export interface StatementWeek {
  cycleId: string;
  vendorId: string;
  vendorName: string;
  communityName: string;
  pickupDate: Date;
  closedAt: Date | null;
  /** basis points, fixed at the close */
  shareBasisPoints: number;
  places: StatementPlace[];
  totals: { paid: number; share: number; farmer: number };
  payout: Payout | null;
}

/** Closed weeks that went ahead (a cancelled week sold nothing). */
const closedWeek = and(isFalse(weeklyCycles.isActive), isFalse(weeklyCycles.goalMissed));

function statementRows(db: Queryable, where: ReturnType<typeof and>) {
  return db
    .select({
      cycleId: weeklyCycles.id,
      vendorId: vendors.id,
      vendorName: vendors.name,
      communityName: communities.name,
      pickupDate: weeklyCycles.pickupDate,
      closedAt: weeklyCycles.closedAt,
      shareBasisPoints: sql<number>`coalesce(${weeklyCycles.marketShareBp}, 0)`,
      deliveryType: orders.deliveryType,
      pickupPointId: orders.pickupPointId,
      address: pickupPoints.address,
      dealId: deals.id,
      dealTitle: deals.title,
      unit: deals.unit,
      qty: sql<number>`sum(${orders.qty})`,
      paid: sql<number>`sum(${lineEarnedSql})`,
      share: sql<number>`sum(${marketShareSql(sql`coalesce(${weeklyCycles.marketShareBp}, 0)`)})`,
    })
    .from(orders)
    .innerJoin(deals, eq(deals.id, orders.dealId))
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .innerJoin(weeklyCycles, eq(weeklyCycles.id, orders.weeklyCycleId))
    .innerJoin(communities, eq(communities.id, weeklyCycles.communityId))
    .leftJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
    .where(and(where, closedWeek, notInArray(orders.status, [...NOT_COUNTED_STATUSES])))
    .groupBy(weeklyCycles.id, vendors.id, orders.deliveryType, orders.pickupPointId, deals.id)
    .orderBy(desc(weeklyCycles.pickupDate), asc(vendors.name), asc(orders.deliveryType), asc(pickupPoints.address), asc(deals.title))
    .all();
}

function payoutsOf(db: Queryable, cycleIds: string[]): Map<string, Payout> {
  if (cycleIds.length === 0) return new Map();
  const rows = db.select().from(vendorPayouts).where(inArray(vendorPayouts.weeklyCycleId, cycleIds)).all();
  return new Map(rows.map((row) => [`${row.weeklyCycleId}:${row.vendorId}`, { paidAt: row.paidAt, amount: row.amount }]));
}

/** The rows as weeks (one per cycle and vendor), places and lines, each with totals that add up. */
function weeksOf(db: Queryable, rows: ReturnType<typeof statementRows>): StatementWeek[] {
  const payouts = payoutsOf(db, [...new Set(rows.map((row) => row.cycleId))]);
  const weeks = new Map<string, StatementWeek>();
  for (const row of rows) {
    const key = `${row.cycleId}:${row.vendorId}`;
    let week = weeks.get(key);
    if (!week) {
      const { cycleId, vendorId, vendorName, communityName, pickupDate, closedAt, shareBasisPoints } = row;
      week = { cycleId, vendorId, vendorName, communityName, pickupDate, closedAt, shareBasisPoints, places: [], totals: { paid: 0, share: 0, farmer: 0 }, payout: payouts.get(key) ?? null };
      weeks.set(key, week);
    }
    const pickupPointId = row.deliveryType === "PICKUP" ? row.pickupPointId : null;
    let place = week.places.find((p) => p.deliveryType === row.deliveryType && p.pickupPointId === pickupPointId);
    if (!place) {
      place = { pickupPointId, deliveryType: row.deliveryType, address: row.deliveryType === "PICKUP" ? row.address : null, lines: [], totals: { paid: 0, share: 0, farmer: 0 } };
      week.places.push(place);
    }
    place.lines.push({ dealId: row.dealId, dealTitle: row.dealTitle, unit: row.unit, qty: row.qty, paid: row.paid, share: row.share, farmer: row.paid - row.share });
  }
  for (const week of weeks.values()) {
    for (const place of week.places) place.totals = moneyTotals(place.lines);
    week.totals = moneyTotals(week.places.flatMap((place) => place.lines));
  }
  return [...weeks.values()];
}

/** Her closed weeks, newest first, each whole. */
export function farmerStatements(db: Queryable, vendorId: string): StatementWeek[] {
  const cycles = db
    .selectDistinct({ id: weeklyCycles.id, pickupDate: weeklyCycles.pickupDate })
    .from(orders)
    .innerJoin(deals, eq(deals.id, orders.dealId))
    .innerJoin(weeklyCycles, eq(weeklyCycles.id, orders.weeklyCycleId))
    .where(and(eq(deals.vendorId, vendorId), closedWeek, notInArray(orders.status, [...NOT_COUNTED_STATUSES])))
    .orderBy(desc(weeklyCycles.pickupDate))
    .limit(inlined(STATEMENT_WEEKS))
    .all();
  if (cycles.length === 0) return [];
  return weeksOf(db, statementRows(db, and(eq(vendors.id, vendorId), inArray(weeklyCycles.id, cycles.map((c) => c.id)))));
}

/** One closed week's statements, one per farmer who sold in it: the admin's week page. */
export function weekStatements(db: Queryable, cycleId: string): StatementWeek[] {
  return weeksOf(db, statementRows(db, and(eq(weeklyCycles.id, cycleId))));
}

/**
 * The admin marks a farmer's week paid (with the amount its statement says now) or not paid
 * again; one audit row each. Only a closed week she sold in can be marked.
 */
export function setWeekPaid(db: Db, actorUserId: string, cycleId: string, vendorId: string, paid: boolean, now = new Date()): void {
  db.transaction(
    (tx) => {
      const week = weekStatements(tx, cycleId).find((w) => w.vendorId === vendorId);
      if (!week) throw new ServiceError(404, "admin.payouts.notFound");
      if (paid === (week.payout !== null)) return;
      const before = { paid: week.payout !== null, amount: week.payout?.amount ?? null };
      if (paid) tx.insert(vendorPayouts).values({ weeklyCycleId: cycleId, vendorId, amount: week.totals.farmer, paidAt: now, paidByUserId: actorUserId }).run();
      else tx.delete(vendorPayouts).where(and(eq(vendorPayouts.weeklyCycleId, cycleId), eq(vendorPayouts.vendorId, vendorId))).run();
      recordAuditEvent(tx, { type: paid ? "vendor_payout.paid" : "vendor_payout.unpaid", actorUserId, entityId: `${cycleId}:${vendorId}`, before, after: { paid, amount: paid ? week.totals.farmer : null } }, now);
    },
    { behavior: "immediate" },
  );
}

/** One of her weeks as a spreadsheet: a row per place and product, then the week's total. */
export function statementCsv(week: StatementWeek, t: (key: string) => string): string {
  const h = (key: string) => t(`vendor.statements.csv.${key}`);
  const money = (agorot: number) => toDecimalString(agorot);
  const rows: (string | number)[][] = week.places.flatMap((place) =>
    place.lines.map((line) => [
      week.communityName,
      place.deliveryType === "PICKUP" ? (place.address ?? t("vendor.dashboard.packing.pickupUnknown")) : t("vendor.dashboard.packing.homeDelivery"),
      line.dealTitle,
      line.unit,
      line.qty,
      money(line.paid),
      money(line.share),
      money(line.farmer),
    ]),
  );
  rows.push([week.communityName, h("total"), "", "", "", money(week.totals.paid), money(week.totals.share), money(week.totals.farmer)]);
  return toCsv([h("community"), h("place"), h("product"), h("unit"), h("qty"), h("paid"), h("share"), h("farmer")], rows);
}

/** A week's statement as GET /api/vendor/statements answers it: money as decimal strings. */
export function statementJson(week: StatementWeek) {
  const money = ({ paid, share, farmer }: { paid: number; share: number; farmer: number }) => ({
    paid: toDecimalString(paid),
    share: toDecimalString(share),
    farmer: toDecimalString(farmer),
  });
  return {
    cycleId: week.cycleId,
    communityName: week.communityName,
    pickupDate: week.pickupDate.toISOString(),
    closedAt: week.closedAt?.toISOString() ?? null,
    marketSharePercent: week.shareBasisPoints / 100,
    places: week.places.map((place) => ({
      pickupPointId: place.pickupPointId,
      deliveryType: place.deliveryType,
      address: place.address,
      lines: place.lines.map((line) => ({ dealId: line.dealId, dealTitle: line.dealTitle, unit: line.unit, qty: line.qty, ...money(line) })),
      totals: money(place.totals),
    })),
    totals: money(week.totals),
    paid: week.payout ? { paidAt: week.payout.paidAt.toISOString(), amount: toDecimalString(week.payout.amount) } : null,
  };
}
