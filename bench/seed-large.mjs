// Fills a migrated database (one the production server has already started on once, so it
// holds the demo catalogue) with a large, realistic data set, written directly with
// better-sqlite3, one transaction per table. The demo rows serve as templates (titles, images,
// descriptions, tiers, pickup points) and are then replaced.
//
//   node bench/seed-large.mjs <database file>      (sizes from the BENCH_* variables below)
import { hash } from "@node-rs/argon2";
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";

export const BENCH_PASSWORD = "bench-password-2026";
export const emailOf = (n) => `bench-user-${String(n).padStart(5, "0")}@shuk.example`;

const DAY = 86_400_000;
const MINUTE = 60_000;

export function seedSizes(env = process.env) {
  const int = (name, fallback) => {
    const value = Number.parseInt(env[name] ?? "", 10);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    communities: int("BENCH_COMMUNITIES", 10),
    deals: int("BENCH_DEALS", 500),
    users: int("BENCH_USERS", 5_000),
    /** orders in closed cycles */
    orders: int("BENCH_ORDERS", 50_000),
    closedWeeks: int("BENCH_CLOSED_WEEKS", 8),
    /** orders already in the open cycles before the load starts */
    openOrders: int("BENCH_OPEN_ORDERS", 2_000),
  };
}

// A small deterministic PRNG, so two runs seed the same shape.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMUNITY_NAMES = [
  ["פלורנטין – תל אביב", "תל אביב-יפו"],
  ["בקעה – ירושלים", "ירושלים"],
  ["הדר – חיפה", "חיפה"],
  ["רמת אביב – תל אביב", "תל אביב-יפו"],
  ["גבעתיים מרכז", "גבעתיים"],
  ["רחובות – שכונת המדע", "רחובות"],
  ["כפר סבא הירוקה", "כפר סבא"],
  ["באר שבע – רמות", "באר שבע"],
  ["מודיעין – בוכמן", "מודיעין-מכבים-רעות"],
  ["נתניה – עיר ימים", "נתניה"],
  ["רעננה – לב הפארק", "רעננה"],
  ["הרצליה – נווה עמל", "הרצליה"],
];
const STREETS = ["הרצל", "ויצמן", "ביאליק", "רוטשילד", "ז׳בוטינסקי", "אחד העם", "הנביאים", "סוקולוב", "בן יהודה", "הגפן"];
const VENDOR_PLACES = [
  "משק אלון, כפר יהושע", "חוות השקמה, ניר עוז", "מטע הזיתים, גליל עליון", "משק רביבים", "חממות הערבה, עין יהב",
  "משק לוי, מושב אביחיל", "פטריות הכרמל", "נבטי העמק, מזרע", "משק שחר, בית שערים", "גני התבלין, מושב עמיקם",
  "משק כהן, כפר ויתקין", "בוסתן הגליל, עמיעד", "חוות הדס, נס ציונה", "משק אבירם, ערבה תיכונה", "פרי הגולן, אורטל",
  "משק דרור, נהלל",
];
const FIRST = ["נועה", "אבי", "מיכל", "יוסי", "תמר", "דניאל", "שירה", "איתי", "רונית", "עומר", "יעל", "משה", "הילה", "אלון", "ליאת", "גיל", "מאיה", "רועי", "ענבל", "עידו"];
const LAST = ["כהן", "לוי", "מזרחי", "פרץ", "ביטון", "אברהם", "פרידמן", "שפירא", "אזולאי", "דהן", "גולן", "רוזן", "חדד", "בן דוד", "כץ", "עמר", "שרעבי", "ברק", "סגל", "אוחיון"];
const REVIEW_COMMENTS = [
  "טרי מאוד ומגיע בזמן, נזמין שוב.",
  "איכות מעולה במחיר הוגן, כל השכנים מרוצים.",
  "היה טעים, אבל חלק מהפריטים היו קטנים מהצפוי.",
  "הכי טוב שקנינו השנה, ממליצה בחום!",
  "המארז היה מלא ויפה, הילדים אכלו הכול ביום אחד.",
  "בסדר גמור, קצת פחות מתוק מהפעם הקודמת.",
  "שירות נהדר באיסוף, הכול היה מוכן ומסודר.",
];

/** Monday-to-Sunday helpers in UTC: close enough to Israel time at 18:00 UTC. */
function isoDate(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}
function sundayOf(ms) {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - d.getUTCDay() * DAY;
}

/** Runs `rows` through one prepared insert inside one transaction. */
function insertAll(db, table, columns, rows) {
  if (rows.length === 0) return 0;
  const statement = db.prepare(
    `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map(() => "?").join(", ")})`,
  );
  db.transaction(() => {
    for (const row of rows) statement.run(columns.map((c) => row[c] ?? null));
  })();
  return rows.length;
}

/**
 * Replaces the demo data in `file` with the large data set. Returns what the benchmark needs:
 * ids, slugs, the signed-in page user and the pool of checkout users.
 */
export async function seedLarge(file, sizes = seedSizes(), now = Date.now()) {
  const passwordHash = await hash(BENCH_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const rand = prng(20_260_601);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const between = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  const counts = {};
  try {
    // --- templates from the demo catalogue the server seeded on its first start
    const templateDeals = db.prepare("select * from deals order by created_at desc").all();
    const templateTiers = db.prepare("select * from deal_tiers").all();
    const templateCommunities = db.prepare("select * from communities order by created_at").all();
    const templateCommunityTiers = db.prepare("select * from community_tiers order by min_revenue").all();
    const templatePickups = db.prepare("select * from pickup_points").all();
    const templateVendors = db.prepare("select * from vendors").all();
    if (templateDeals.length === 0 || templateCommunities.length === 0) {
      throw new Error("seed-large: the database has no demo catalogue to use as templates (start the server on it once with DEMO_DATA=1, or run npm run db:seed on it)");
    }

    // --- wipe everything but the migrations (foreign keys off only for the wipe)
    db.pragma("foreign_keys = OFF");
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name <> '__drizzle_migrations'")
      .all()
      .map((t) => t.name);
    db.transaction(() => {
      for (const table of tables) db.prepare(`delete from "${table}"`).run();
    })();
    db.pragma("foreign_keys = ON");

    // --- vendors: the demo ones and more farms
    const vendors = templateVendors.map((v) => ({ ...v }));
    for (const place of VENDOR_PLACES) {
      vendors.push({ id: randomUUID(), name: place, email: null, contact: `04-${between(6000000, 6999999)}`, description: `${place}: ירקות ופירות טריים ישר מהשדה, בקטיף שבועי לקבוצות הרכישה.`, created_at: now - 400 * DAY });
    }
    counts.vendors = insertAll(db, "vendors", ["id", "name", "email", "contact", "description", "created_at"], vendors);

    // --- deals: the templates, then variants from other farms, all ACTIVE, created a minute apart
    const deals = [];
    const dealTiers = [];
    for (let i = 0; i < sizes.deals; i++) {
      const t = templateDeals[i % templateDeals.length];
      const round = Math.floor(i / templateDeals.length);
      const vendor = round === 0 ? vendors.find((v) => v.id === t.vendor_id) ?? vendors[0] : vendors[(i * 7) % vendors.length];
      const factor = round === 0 ? 1 : 0.8 + rand() * 0.5;
      const basePrice = Math.max(100, Math.round((t.base_price * factor) / 10) * 10);
      const id = randomUUID();
      deals.push({
        id,
        vendor_id: vendor.id,
        title: round === 0 ? t.title : `${t.title} – ${vendor.name.split(",")[0]}`,
        slug: round === 0 ? t.slug : `${t.slug}-${round + 1}`,
        description: t.description,
        images: t.images,
        category: t.category,
        base_price: basePrice,
        currency: "ILS",
        unit: t.unit,
        min_qty: t.min_qty,
        max_qty: t.max_qty,
        status: "ACTIVE",
        start_at: now - 30 * DAY,
        end_at: null,
        created_at: now - i * MINUTE,
        updated_at: now - i * MINUTE,
      });
      for (const tier of templateTiers.filter((x) => x.deal_id === t.id)) {
        dealTiers.push({ id: randomUUID(), deal_id: id, threshold_qty: tier.threshold_qty, unit_price: Math.max(0, Math.round((tier.unit_price * factor) / 10) * 10) });
      }
    }
    counts.deals = insertAll(db, "deals", ["id", "vendor_id", "title", "slug", "description", "images", "category", "base_price", "currency", "unit", "min_qty", "max_qty", "status", "start_at", "end_at", "created_at", "updated_at"], deals);
    counts.deal_tiers = insertAll(db, "deal_tiers", ["id", "deal_id", "threshold_qty", "unit_price"], dealTiers);

    // --- communities with tiers and pickup points; the open cycle's deadline is 2-6 days ahead
    const communities = [];
    const communityTiers = [];
    const pickupPoints = [];
    const tiersPerTemplate = new Map();
    for (const tier of templateCommunityTiers) {
      if (!tiersPerTemplate.has(tier.community_id)) tiersPerTemplate.set(tier.community_id, []);
      tiersPerTemplate.get(tier.community_id).push(tier);
    }
    for (let i = 0; i < sizes.communities; i++) {
      const t = templateCommunities[i % templateCommunities.length];
      const [name, city] = COMMUNITY_NAMES[i % COMMUNITY_NAMES.length];
      const daysAhead = 2 + (i % 5);
      const deadlineDate = new Date(now + daysAhead * DAY);
      const deadline = Date.UTC(deadlineDate.getUTCFullYear(), deadlineDate.getUTCMonth(), deadlineDate.getUTCDate(), 18, 0);
      const deadlineDay = new Date(deadline).getUTCDay();
      const id = randomUUID();
      const address = `רחוב ${STREETS[i % STREETS.length]} ${between(2, 80)}, ${city}`;
      communities.push({
        id,
        name: i < COMMUNITY_NAMES.length ? name : `${name} ${i + 1}`,
        description: t.description,
        contact_phone: `05${between(0, 8)}-${between(1000000, 9999999)}`,
        is_active: 1,
        deadline_day: deadlineDay,
        deadline_time: "20:00",
        weekly_target_revenue: t.weekly_target_revenue,
        created_at: now - 365 * DAY + i * MINUTE,
        city,
        openDeadline: deadline,
      });
      for (const tier of tiersPerTemplate.get(t.id) ?? []) {
        communityTiers.push({ id: randomUUID(), community_id: id, min_revenue: tier.min_revenue, discount_percent: tier.discount_percent, tier_name: tier.tier_name, created_at: now - 365 * DAY });
      }
      // Where and when members collect is the points alone (issue #45); the first has the main address.
      const points = templatePickups.filter((p) => p.community_id === t.id);
      points.forEach((p, index) => {
        pickupPoints.push({
          id: randomUUID(),
          community_id: id,
          address: index === 0 ? address : `רחוב ${STREETS[(i + index * 3) % STREETS.length]} ${between(2, 80)}, ${city}`,
          instructions: p.instructions,
          contact_phone: p.contact_phone,
          pickup_days: JSON.stringify([(deadlineDay + 2) % 7]),
          pickup_start_time: p.pickup_start_time,
          pickup_end_time: p.pickup_end_time,
          is_active: 1,
          created_at: now - 365 * DAY,
        });
      });
    }
    counts.communities = insertAll(db, "communities", ["id", "name", "description", "contact_phone", "is_active", "deadline_day", "deadline_time", "weekly_target_revenue", "created_at"], communities);
    counts.community_tiers = insertAll(db, "community_tiers", ["id", "community_id", "min_revenue", "discount_percent", "tier_name", "created_at"], communityTiers);
    counts.pickup_points = insertAll(db, "pickup_points", ["id", "community_id", "address", "instructions", "contact_phone", "pickup_days", "pickup_start_time", "pickup_end_time", "is_active", "created_at"], pickupPoints);
    const tiersOf = (communityId) => communityTiers.filter((t) => t.community_id === communityId).sort((a, b) => a.min_revenue - b.min_revenue);
    const discountAt = (communityId, revenue) => tiersOf(communityId).filter((t) => t.min_revenue <= revenue).reduce((d, t) => Math.max(d, t.discount_percent), 0);
    const pointsOf = new Map(communities.map((c) => [c.id, pickupPoints.filter((p) => p.community_id === c.id)]));

    // --- cycles: closed weeks behind, one open week; a group per deal in each
    const cycles = [];
    const groups = [];
    const groupIndex = new Map(); // cycleId -> Map(dealId -> group)
    for (const c of communities) {
      for (let week = sizes.closedWeeks; week >= 0; week--) {
        const deadline = c.openDeadline - week * 7 * DAY;
        const id = randomUUID();
        cycles.push({
          id,
          community_id: c.id,
          week_start_date: isoDate(sundayOf(deadline)),
          order_deadline: deadline,
          pickup_date: deadline + 2 * DAY - 5 * 3_600_000,
          target_revenue: c.weekly_target_revenue,
          current_revenue: 0,
          is_active: week === 0 ? 1 : 0,
          closed_at: week === 0 ? null : deadline + MINUTE,
          reminder_sent_at: week === 0 ? null : deadline - DAY,
          goal_missed: 0,
          created_at: deadline - 7 * DAY,
          week,
        });
        const byDeal = new Map();
        for (const d of deals) {
          const group = {
            id: randomUUID(),
            community_id: c.id,
            weekly_cycle_id: id,
            deal_id: d.id,
            region: c.city,
            target_revenue: c.weekly_target_revenue,
            current_revenue: 0,
            current_qty: 0,
            target_qty: 100,
            status: week === 0 ? "OPEN" : "CLOSED",
            created_at: deadline - 7 * DAY,
          };
          groups.push(group);
          byDeal.set(d.id, group);
        }
        groupIndex.set(id, byDeal);
      }
    }
    // A few closed weeks missed their goal: every order in them was cancelled.
    const closed = cycles.filter((c) => c.week > 0);
    const missed = new Set(closed.filter((_, index) => index % 23 === 5).map((c) => c.id));

    // --- users: ONE argon2 hash for all; most in a community, a few admins/vendors
    const users = [];
    const authProviders = [];
    for (let n = 1; n <= sizes.users; n++) {
      const first = pick(FIRST);
      const last = pick(LAST);
      const c = communities[(n - 1) % communities.length];
      const email = emailOf(n);
      const id = randomUUID();
      users.push({
        id,
        email,
        password_hash: passwordHash,
        name: `${first} ${last}`,
        first_name: first,
        last_name: last,
        phone: `05${between(0, 8)}-${between(1000000, 9999999)}`,
        community_id: c.id,
        role: n % 1000 === 0 ? "ADMIN" : n % 250 === 0 ? "VENDOR" : "USER",
        email_notifications: 1,
        sms_notifications: rand() < 0.2 ? 1 : 0,
        push_notifications: 1,
        language: rand() < 0.9 ? "he" : "en",
        last_login_at: now - between(0, 60) * DAY,
        created_at: now - between(30, 360) * DAY,
        updated_at: now - between(0, 30) * DAY,
      });
      authProviders.push({ id: randomUUID(), user_id: id, type: "password", provider_id: email, created_at: now - 360 * DAY });
    }
    counts.users = insertAll(db, "users", ["id", "email", "password_hash", "name", "first_name", "last_name", "phone", "community_id", "role", "email_notifications", "sms_notifications", "push_notifications", "language", "last_login_at", "created_at", "updated_at"], users);
    counts.auth_providers = insertAll(db, "auth_providers", ["id", "user_id", "type", "provider_id", "created_at"], authProviders);
    const usersOf = new Map(communities.map((c) => [c.id, users.filter((u) => u.community_id === c.id)]));

    const addresses = users
      .filter(() => rand() < 0.3)
      .map((u) => ({ id: randomUUID(), user_id: u.id, city: communities.find((c) => c.id === u.community_id).city, street: pick(STREETS), house_number: String(between(1, 120)), notes: null, is_default: 1 }));
    counts.addresses = insertAll(db, "addresses", ["id", "user_id", "city", "street", "house_number", "notes", "is_default"], addresses);

    // --- orders: `orders` over the closed weeks, `openOrders` in the open week
    const orders = [];
    function makeOrder(cycle, status, at) {
      const c = communities.find((x) => x.id === cycle.community_id);
      const user = pick(usersOf.get(c.id));
      const deal = deals[Math.floor(Math.pow(rand(), 1.6) * deals.length)]; // popular deals sell more
      const qty = Math.min(deal.max_qty, Math.max(deal.min_qty, between(1, 4)));
      const delivery = rand() < 0.25 ? "DELIVERY" : "PICKUP";
      const originalTotal = deal.base_price * qty;
      const order = {
        id: randomUUID(),
        user_id: user.id,
        deal_id: deal.id,
        group_id: groupIndex.get(cycle.id).get(deal.id).id,
        community_id: c.id,
        pickup_point_id: delivery === "PICKUP" ? pick(pointsOf.get(c.id)).id : null,
        weekly_cycle_id: cycle.id,
        qty,
        unit_price_at_purchase: deal.base_price,
        original_total: originalTotal,
        total: originalTotal,
        delivery_type: delivery,
        delivery_fee: delivery === "DELIVERY" && originalTotal < 15_000 ? 1500 : 0,
        delivery_address: delivery === "DELIVERY" ? `${pick(STREETS)} ${between(1, 120)}, ${c.city}` : null,
        delivery_phone: user.phone,
        delivery_notes: rand() < 0.1 ? "נא להשאיר ליד הדלת" : null,
        payment_method: "CASH",
        status,
        paid_at: null,
        fulfilled_at: null,
        canceled_at: null,
        created_at: at,
      };
      order.total = originalTotal + order.delivery_fee;
      orders.push(order);
      return order;
    }
    for (let k = 0; k < sizes.orders; k++) {
      const cycle = closed[k % closed.length];
      const at = cycle.order_deadline - between(60, 7 * 24 * 60 - 60) * MINUTE;
      const roll = rand();
      const status = missed.has(cycle.id) ? "CANCELED" : roll < 0.86 ? "FULFILLED" : roll < 0.93 ? "CANCELED" : roll < 0.96 ? "REFUNDED" : "PAID";
      const order = makeOrder(cycle, status, at);
      if (status === "FULFILLED" || status === "PAID" || status === "REFUNDED") order.paid_at = cycle.pickup_date;
      if (status === "FULFILLED") order.fulfilled_at = cycle.pickup_date + between(0, 180) * MINUTE;
      if (status === "CANCELED") order.canceled_at = missed.has(cycle.id) ? cycle.closed_at : at + between(10, 600) * MINUTE;
      if (status === "REFUNDED") order.canceled_at = cycle.pickup_date + DAY;
    }
    const openCycles = cycles.filter((c) => c.week === 0);
    for (let k = 0; k < sizes.openOrders; k++) {
      const cycle = openCycles[k % openCycles.length];
      const at = now - between(1, 4 * 24 * 60) * MINUTE;
      const status = rand() < 0.06 ? "CANCELED" : rand() < 0.15 ? "PAID" : "PENDING";
      const order = makeOrder(cycle, status, at);
      if (status === "PAID") order.paid_at = at + 5 * MINUTE;
      if (status === "CANCELED") order.canceled_at = at + 30 * MINUTE;
    }
    // Revenue: what the cycle engine keeps, sums of base totals of orders neither cancelled nor refunded.
    const cycleById = new Map(cycles.map((c) => [c.id, c]));
    const groupById = new Map(groups.map((g) => [g.id, g]));
    for (const o of orders) {
      if (o.status === "CANCELED" || o.status === "REFUNDED") continue;
      cycleById.get(o.weekly_cycle_id).current_revenue += o.original_total;
      const g = groupById.get(o.group_id);
      g.current_revenue += o.original_total;
      g.current_qty += o.qty;
    }
    for (const cycle of cycles) {
      if (missed.has(cycle.id)) {
        cycle.goal_missed = 1;
        cycle.target_revenue = Math.max(cycle.target_revenue, cycle.current_revenue + 100_000);
      }
    }
    // Closed weeks: the final tier lowered everyone's price (never raised it).
    for (const o of orders) {
      const cycle = cycleById.get(o.weekly_cycle_id);
      const discount = discountAt(o.community_id, cycle.current_revenue);
      const base = o.original_total / o.qty;
      o.unit_price_at_purchase = Math.round((base * (100 - discount)) / 100);
      o.total = o.unit_price_at_purchase * o.qty + o.delivery_fee;
    }
    counts.weekly_cycles = insertAll(db, "weekly_cycles", ["id", "community_id", "week_start_date", "order_deadline", "pickup_date", "target_revenue", "current_revenue", "is_active", "closed_at", "reminder_sent_at", "goal_missed", "created_at"], cycles);
    counts.groups = insertAll(db, "groups", ["id", "community_id", "weekly_cycle_id", "deal_id", "region", "target_revenue", "current_revenue", "current_qty", "target_qty", "status", "created_at"], groups);
    orders.sort((a, b) => a.created_at - b.created_at);
    counts.orders = insertAll(db, "orders", ["id", "user_id", "deal_id", "group_id", "community_id", "pickup_point_id", "weekly_cycle_id", "qty", "unit_price_at_purchase", "original_total", "total", "delivery_type", "delivery_fee", "delivery_address", "delivery_phone", "delivery_notes", "payment_method", "status", "paid_at", "fulfilled_at", "canceled_at", "created_at"], orders);

    // --- reviews: about one fulfilled order in six, one review per order
    const dealById = new Map(deals.map((d) => [d.id, d]));
    const reviews = orders
      .filter((o) => o.status === "FULFILLED" && rand() < 0.17)
      .map((o) => {
        const rating = Math.min(5, Math.max(1, Math.round(4.2 + (rand() - 0.6) * 3)));
        return { id: randomUUID(), user_id: o.user_id, deal_id: o.deal_id, order_id: o.id, rating, comment: rand() < 0.7 ? pick(REVIEW_COMMENTS) : null, is_verified: 1, created_at: o.fulfilled_at + between(1, 72) * 60 * MINUTE, updated_at: o.fulfilled_at + between(1, 72) * 60 * MINUTE };
      });
    counts.reviews = insertAll(db, "reviews", ["id", "user_id", "deal_id", "order_id", "rating", "comment", "is_verified", "created_at", "updated_at"], reviews);

    // --- favorites: 0-8 distinct deals per user
    const favorites = [];
    for (const u of users) {
      const chosen = new Set();
      const n = between(0, 8);
      for (let k = 0; k < n; k++) chosen.add(deals[Math.floor(Math.pow(rand(), 1.4) * deals.length)].id);
      for (const dealId of chosen) favorites.push({ id: randomUUID(), user_id: u.id, deal_id: dealId, created_at: now - between(1, 200) * DAY });
    }
    counts.favorites = insertAll(db, "favorites", ["id", "user_id", "deal_id", "created_at"], favorites);

    // --- notifications: about five per user, most of them read
    const NOTES = {
      GROUP_COMPLETE: ["הקבוצה הושלמה!", (d) => `הרכישה הקבוצתית של ${d.title} הושלמה. המחיר הסופי ירד לכולם.`],
      ORDER_DELIVERED: ["ההזמנה מחכה לך", (d) => `${d.title} מוכן לאיסוף בנקודת האיסוף של הקהילה.`],
      REVIEW_REMINDER: ["איך היה?", (d) => `ספרו לשכנים מה חשבתם על ${d.title}.`],
      DEAL_ENDING: ["ההזמנה נסגרת בקרוב", () => "נשארו פחות מ-24 שעות להזמנה השבועית. יש פריטים בעגלה שלך."],
    };
    const ordersOfUser = new Map();
    for (const o of orders) {
      if (!ordersOfUser.has(o.user_id)) ordersOfUser.set(o.user_id, []);
      ordersOfUser.get(o.user_id).push(o);
    }
    const notifications = [];
    for (const u of users) {
      const mine = ordersOfUser.get(u.id) ?? [];
      const n = between(2, 8);
      for (let k = 0; k < n; k++) {
        const type = pick(Object.keys(NOTES));
        const order = mine.length ? pick(mine) : null;
        const deal = order ? dealById.get(order.deal_id) : pick(deals);
        const [title, message] = NOTES[type];
        notifications.push({
          id: randomUUID(),
          user_id: u.id,
          type,
          title,
          message: message(deal),
          data: JSON.stringify(order ? { dealSlug: deal.slug, orderId: order.id } : { dealSlug: deal.slug }),
          is_read: rand() < 0.75 ? 1 : 0,
          created_at: now - between(1, 90 * 24) * 60 * MINUTE,
        });
      }
    }
    counts.notifications = insertAll(db, "notifications", ["id", "user_id", "type", "title", "message", "data", "is_read", "created_at"], notifications);

    // --- the signed-in page user (the first one) has a few lines in the cart
    const pageUser = users[0];
    const pageCommunityOpen = openCycles.find((c) => c.community_id === pageUser.community_id);
    const cartItems = deals.slice(0, 4).map((d, k) => ({
      id: randomUUID(),
      user_id: pageUser.id,
      deal_id: d.id,
      group_id: groupIndex.get(pageCommunityOpen.id).get(d.id).id,
      qty: Math.min(d.max_qty, Math.max(d.min_qty, k + 1)),
      added_at: now - (10 - k) * MINUTE,
    }));
    counts.cart_items = insertAll(db, "cart_items", ["id", "user_id", "deal_id", "group_id", "qty", "added_at"], cartItems);

    const problems = db.pragma("foreign_key_check");
    if (problems.length > 0) throw new Error(`seed-large: ${problems.length} foreign key problems, e.g. ${JSON.stringify(problems[0])}`);
    db.pragma("wal_checkpoint(TRUNCATE)");

    const categoryCounts = {};
    for (const d of deals) categoryCounts[d.category] = (categoryCounts[d.category] ?? 0) + 1;
    return {
      counts,
      pageUser: { email: pageUser.email, id: pageUser.id, orders: (ordersOfUser.get(pageUser.id) ?? []).length, cartLines: cartItems.length },
      // Checkout users: everyone but the page user, USER role, spread over the communities.
      checkoutPool: users.slice(1).filter((u) => u.role === "USER").map((u) => ({ email: u.email, communityId: u.community_id })),
      communities: communities.map((c) => ({ id: c.id, name: c.name })),
      dealSlugs: deals.map((d) => d.slug),
      categoryCounts,
    };
  } finally {
    db.close();
  }
}

// CLI: node bench/seed-large.mjs <file>
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: node bench/seed-large.mjs <database file (migrated, with the demo data)>");
    process.exit(2);
  }
  const started = Date.now();
  const result = await seedLarge(file);
  console.log(JSON.stringify(result.counts), `${((Date.now() - started) / 1000).toFixed(1)} s`);
}
