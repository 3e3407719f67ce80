// Every destructive action is refused by the production server without its confirmation
// (issue #44, app/domain/confirm.ts): the page form's `confirmed=yes` field, or on the API
// `"confirmed": "yes"` in the body (`?confirmed=yes` for a DELETE). The test walks the list:
// each without its confirmation answers 400 and leaves every business table as it was; each
// with it is done. /healthz answers after each.
import Database from "better-sqlite3";
import { businessFingerprint } from "../support/fingerprint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

let server: BuiltServer;
const FORM = "application/x-www-form-urlencoded";
const ADMIN = { email: "admin@shuk.example", password: "shuk-admin-2026" };
const VENDOR = { email: "vendor@shuk.example", password: "shuk-vendor-2026" };
const DEMO = { email: "demo@shuk.example", password: "shuk-demo-2026" };

beforeAll(async () => {
  server = await startBuiltServer({ DEMO_DATA: "1", SESSION_SECRET: "destructive-confirm-test" });
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

function withDb<T>(run: (db: Database.Database) => T): T {
  const db = new Database(server.databasePath, { readonly: true, fileMustExist: true });
  try {
    return run(db);
  } finally {
    db.close();
  }
}
const value = <T>(sql: string, ...params: unknown[]) => withDb((db) => db.prepare(sql).pluck().get(...params) as T);

const fingerprint = () => businessFingerprint(server.databasePath);

async function cookieOf(person: { email: string; password: string }): Promise<string> {
  const login = await server.raw("/login", { method: "POST", headers: { "Content-Type": FORM, Accept: "text/html" }, body: new URLSearchParams({ intent: "password", ...person, redirectTo: "" }).toString() });
  expect(login.status).toBe(302);
  return ([] as string[]).concat(login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).find((c) => c.startsWith("__Host-shuk_session="))!;
}

async function tokenOf(person: { email: string; password: string }): Promise<string> {
  const answer = await api("/api/auth/login", "POST", "", person);
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body.toString()).token as string;
}

function page(pathname: string, cookie: string, fields: Record<string, string>) {
  return server.raw(pathname, { method: "POST", headers: { Cookie: cookie, "Content-Type": FORM, Accept: "text/html" }, body: new URLSearchParams(fields).toString() });
}

function api(pathname: string, method: string, token: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return server.raw(pathname, {
    method,
    headers: {
      Accept: "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(text === undefined ? {} : { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(text)) }),
    },
    body: text,
  });
}

/** A new shopper's pending application to sell: its id. */
async function pendingApplication(n: number): Promise<string> {
  const communityId = value<string>("select id from communities where is_active = 1 order by name limit 1");
  const email = `applicant-${n}-${Date.now()}@example.com`;
  const signup = await api("/api/auth/signup", "POST", "", { email, password: "applicant-password-1", firstName: "Dana", lastName: "Applicant", communityId });
  expect(signup.status).toBe(201);
  const token = JSON.parse(signup.body.toString()).token as string;
  const applied = await api("/api/vendor/applications", "POST", token, {
    businessName: `Test Farm ${n}`,
    contactName: "Dana Applicant",
    phone: "050-1112233",
    email,
    description: "Fresh herbs and greens from a small farm, picked each morning for the community.",
  });
  expect(applied.status).toBe(201);
  return JSON.parse(applied.body.toString()).id as string;
}

interface Destructive {
  name: string;
  /** the request without its confirmation, and with it */
  send(confirmed: boolean): Promise<{ status: number }>;
  /** what shows it was done */
  done(): boolean;
}

describe("destructive actions", () => {
  it("are each refused with 400 and nothing changed without their confirmation, and done with it", async () => {
    const admin = await cookieOf(ADMIN);
    const adminToken = await tokenOf(ADMIN);
    const vendorToken = await tokenOf(VENDOR);
    const demo = await cookieOf(DEMO);
    const demoToken = await tokenOf(DEMO);
    const yes = (confirmed: boolean): Record<string, string> => (confirmed ? { confirmed: "yes" } : {});

    const communities = withDb((db) => db.prepare("select id from communities where is_active = 1 order by name").pluck().all() as string[]);
    const points = withDb((db) => db.prepare("select id, community_id as communityId from pickup_points where is_active = 1 order by id").all() as { id: string; communityId: string }[]);
    expect(communities.length).toBeGreaterThanOrEqual(2);
    expect(points.length).toBeGreaterThanOrEqual(2);
    const activeDeals = withDb((db) => db.prepare("select id from deals where status = 'ACTIVE' order by id").pluck().all() as string[]);
    const vendorDeal = value<string>(
      "select deals.id from deals join vendors on vendors.id = deals.vendor_id join users on users.id = vendors.user_id where users.email = ? and deals.status = 'ACTIVE' order by deals.id limit 1",
      VENDOR.email,
    );
    const [pageApplication, apiApplication] = [await pendingApplication(1), await pendingApplication(2)];
    // Three orders of the demo shopper, for pickup: one she cancels on the page, one through the
    // API, one an admin cancels.
    const orderGroup = withDb(
      (db) =>
        db
          .prepare(
            `select groups.id as groupId, groups.deal_id as dealId from groups
             join weekly_cycles on weekly_cycles.id = groups.weekly_cycle_id and weekly_cycles.is_active = 1
             join deals on deals.id = groups.deal_id and deals.status = 'ACTIVE'
             join users on users.community_id = weekly_cycles.community_id and users.email = ?
             order by deals.id limit 1`,
          )
          .get(DEMO.email) as { groupId: string; dealId: string },
    );
    const demoOrders: string[] = [];
    for (let i = 0; i < 3; i++) {
      const placed = await api("/api/orders", "POST", demoToken, { dealId: orderGroup.dealId, groupId: orderGroup.groupId, qty: 1, deliveryType: "PICKUP" });
      expect(placed.status, placed.body.toString()).toBeLessThan(300);
      demoOrders.push(JSON.parse(placed.body.toString()).id ?? JSON.parse(placed.body.toString()).order?.id);
    }
    expect(demoOrders.every(Boolean)).toBe(true);
    const [pageDeal, apiDeal] = activeDeals.filter((id) => id !== vendorDeal && id !== orderGroup.dealId);
    const otherOrder = () => demoOrders[2];
    const status = (table: string, id: string) => value<string | number | undefined>(`select ${table === "communities" || table === "pickup_points" ? "is_active" : "status"} from ${table} where id = ?`, id);

    const actions: Destructive[] = [
      // Orders first: a community deactivated further down closes its orders to changes.
      {
        name: "page: a shopper cancels her order",
        send: (c) => page(`/orders/${demoOrders[0]}`, demo, { intent: "cancel", ...yes(c) }),
        done: () => status("orders", demoOrders[0]) === "CANCELED",
      },
      {
        name: "API: a shopper cancels her order",
        send: (c) => api(`/api/orders/${demoOrders[1]}/cancel`, "POST", demoToken, yes(c)),
        done: () => status("orders", demoOrders[1]) === "CANCELED",
      },
      {
        name: "page: an admin cancels an order",
        send: (c) => page("/admin?tab=orders", admin, { orderId: otherOrder(), status: "CANCELED", redirectTo: "/admin?tab=orders", ...yes(c) }),
        done: () => status("orders", otherOrder()) === "CANCELED",
      },
      {
        name: "page: deactivate a community",
        send: (c) => page(`/admin/communities/${communities[0]}`, admin, { intent: "deactivate", ...yes(c) }),
        done: () => status("communities", communities[0]) === 0,
      },
      {
        name: "API: deactivate a community",
        send: (c) => api(`/api/admin/communities/${communities[1]}/deactivate`, "POST", adminToken, yes(c)),
        done: () => status("communities", communities[1]) === 0,
      },
      {
        name: "page: remove a pickup point",
        send: (c) => page(`/admin/communities/${points[0].communityId}`, admin, { intent: "pickup-remove", pointId: points[0].id, ...yes(c) }),
        done: () => [undefined, 0].includes(status("pickup_points", points[0].id) as number | undefined),
      },
      {
        name: "API: remove a pickup point",
        send: (c) => api(`/api/admin/pickup-points/${points[1].id}${c ? "?confirmed=yes" : ""}`, "DELETE", adminToken),
        done: () => [undefined, 0].includes(status("pickup_points", points[1].id) as number | undefined),
      },
      {
        name: "page: end a deal",
        send: (c) => page(`/admin/deals/${pageDeal}/edit`, admin, { intent: "action", action: "end", dealId: pageDeal, ...yes(c) }),
        done: () => status("deals", pageDeal) === "ENDED",
      },
      {
        name: "page: archive a deal",
        send: (c) => page(`/admin/deals/${pageDeal}/edit`, admin, { intent: "action", action: "archive", dealId: pageDeal, ...yes(c) }),
        done: () => status("deals", pageDeal) === "ARCHIVED",
      },
      {
        name: "API: an admin ends a deal",
        send: (c) => api(`/api/admin/deals/${apiDeal}/end`, "POST", adminToken, yes(c)),
        done: () => status("deals", apiDeal) === "ENDED",
      },
      {
        name: "API: an admin archives a deal",
        send: (c) => api(`/api/admin/deals/${apiDeal}/archive`, "POST", adminToken, yes(c)),
        done: () => status("deals", apiDeal) === "ARCHIVED",
      },
      {
        name: "API: a vendor ends its deal",
        send: (c) => api(`/api/vendor/deals/${vendorDeal}/end`, "POST", vendorToken, yes(c)),
        done: () => status("deals", vendorDeal) === "ENDED",
      },
      {
        name: "page: reject an application to sell",
        send: (c) => page("/admin/vendor-applications", admin, { applicationId: pageApplication, decision: "reject", note: "Not this season, sorry", ...yes(c) }),
        done: () => status("vendor_applications", pageApplication) === "REJECTED",
      },
      {
        name: "API: reject an application to sell",
        send: (c) => api(`/api/admin/vendor-applications/${apiApplication}/reject`, "POST", adminToken, { note: "Not this season, sorry", ...yes(c) }),
        done: () => status("vendor_applications", apiApplication) === "REJECTED",
      },
    ];
    for (const action of actions) {
      expect(action.done(), `${action.name}: not done yet`).toBe(false);
      const before = fingerprint();
      const refused = await action.send(false);
      expect(refused.status, `${action.name} without confirmation`).toBe(400);
      expect(fingerprint(), `${action.name} without confirmation changed nothing`).toBe(before);
      expect(action.done()).toBe(false);
      const answered = await action.send(true);
      expect(answered.status, `${action.name} with confirmation`).toBeLessThan(400);
      expect(action.done(), `${action.name} with confirmation is done`).toBe(true);
      expect((await server.raw("/healthz")).status).toBe(200);
    }
  }, 120_000);
});
