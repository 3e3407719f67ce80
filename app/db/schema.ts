// The whole data model (spec sections 3 of both documents).
// Conventions: ids are random UUID strings; money is integer agorot (1 ₪ = 100) so sums are exact,
// and the API turns it into decimal strings; times are epoch milliseconds; lists are JSON text.
import { sql } from "drizzle-orm";
import {
  blob,
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

import { ROLES, LANGUAGES, AUTH_PROVIDER_TYPES, TWO_FA_TYPES, CATEGORIES, DEAL_STATUSES, GROUP_STATUSES, DELIVERY_TYPES, PAYMENT_METHODS, ORDER_STATUSES, NOTIFICATION_TYPES, SESSION_KINDS, VENDOR_APPLICATION_STATUSES, MESSAGE_KINDS, OUTBOX_STATUSES } from "~/domain/enums";

export * from "~/domain/enums";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

// Epoch milliseconds, filled by SQLite itself so raw inserts get it too.
const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(nowMs);
const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const bool = (name: string) => integer(name, { mode: "boolean" });

/** `column IN ('A','B')` for a CHECK constraint. */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
}

// ---------------------------------------------------------------------------------------------
// Accounts

export const users = sqliteTable(
  "users",
  {
    id: id(),
    // Stored lower-cased, so the unique index is case-insensitive in effect.
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    name: text("name"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    phone: text("phone"),
    communityId: text("community_id").references(() => communities.id, { onDelete: "set null" }),
    role: text("role", { enum: ROLES }).notNull().default("USER"),
    emailNotifications: bool("email_notifications").notNull().default(true),
    smsNotifications: bool("sms_notifications").notNull().default(false),
    pushNotifications: bool("push_notifications").notNull().default(true),
    // The optional mails' own switches (issue #46, domain/mail-preferences.ts), each under
    // emailNotifications. The reminder is about her own cart; the digest is advertising, which
    // Israeli law sends only to those who asked: off until she turns it on.
    mailDeadlineReminder: bool("mail_deadline_reminder").notNull().default(true),
    mailWeeklyDigest: bool("mail_weekly_digest").notNull().default(false),
    language: text("language", { enum: LANGUAGES }).notNull().default("he"),
    lastLoginAt: timestamp("last_login_at"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at").notNull().default(nowMs),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_community_idx").on(t.communityId),
    check("users_role_check", oneOf("role", ROLES)),
    check("users_language_check", oneOf("language", LANGUAGES)),
  ],
);

export const authProviders = sqliteTable(
  "auth_providers",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: AUTH_PROVIDER_TYPES }).notNull(),
    providerId: text("provider_id").notNull(),
    meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_providers_type_provider_unique").on(t.type, t.providerId),
    index("auth_providers_user_idx").on(t.userId),
    check("auth_providers_type_check", oneOf("type", AUTH_PROVIDER_TYPES)),
  ],
);

export const magicTokens = sqliteTable(
  "magic_tokens",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    // sha256 of the token that went out by e-mail; the token itself is never stored.
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("magic_tokens_hash_unique").on(t.tokenHash),
    index("magic_tokens_email_idx").on(t.email),
  ],
);

export const passkeys = sqliteTable(
  "passkeys",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    deviceInfo: text("device_info"),
    lastUsedAt: timestamp("last_used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("passkeys_credential_unique").on(t.credentialId),
    index("passkeys_user_idx").on(t.userId),
  ],
);

export const twoFa = sqliteTable(
  "two_fa",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: TWO_FA_TYPES }).notNull(),
    secret: text("secret"),
    phone: text("phone"),
    backupCodes: text("backup_codes", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    isEnabled: bool("is_enabled").notNull().default(true),
    enabledAt: timestamp("enabled_at"),
    lastUsedAt: timestamp("last_used_at"),
  },
  (t) => [
    uniqueIndex("two_fa_user_unique").on(t.userId),
    check("two_fa_type_check", oneOf("type", TWO_FA_TYPES)),
  ],
);

export const rateLimits = sqliteTable(
  "rate_limits",
  {
    id: id(),
    identifier: text("identifier").notNull(),
    action: text("action").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastAttemptAt: timestamp("last_attempt_at").notNull().default(nowMs),
    blockedUntil: timestamp("blocked_until"),
  },
  (t) => [uniqueIndex("rate_limits_identifier_action_unique").on(t.identifier, t.action)],
);

/**
 * Web sessions and API tokens. `sid` is the sha256 of the secret the client holds (cookie
 * session id or bearer token), so a copy of the database does not let anyone sign in.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: text("sess", { mode: "json" })
      .$type<{ userId: string; kind: (typeof SESSION_KINDS)[number] }>()
      .notNull(),
    expire: timestamp("expire").notNull(),
  },
  (t) => [index("sessions_expire_idx").on(t.expire)],
);

// ---------------------------------------------------------------------------------------------
// Catalogue

export const vendors = sqliteTable(
  "vendors",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email"),
    contact: text("contact"),
    description: text("description"),
    /** The VENDOR account that runs this vendor (set when an admin approves its application). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("vendors_user_unique").on(t.userId)],
);

/** Someone asking to sell through the marketplace; an admin approves or rejects it. */
export const vendorApplications = sqliteTable(
  "vendor_applications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessName: text("business_name").notNull(),
    contactName: text("contact_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: VENDOR_APPLICATION_STATUSES }).notNull().default("PENDING"),
    reviewNote: text("review_note"),
    reviewedByUserId: text("reviewed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at"),
    vendorId: text("vendor_id").references(() => vendors.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("vendor_applications_status_created_idx").on(t.status, t.createdAt),
    index("vendor_applications_user_idx").on(t.userId),
    check("vendor_applications_status_check", oneOf("status", VENDOR_APPLICATION_STATUSES)),
  ],
);

export const deals = sqliteTable(
  "deals",
  {
    id: id(),
    vendorId: text("vendor_id")
      .notNull()
      .references(() => vendors.id),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    images: text("images", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    category: text("category", { enum: CATEGORIES }).notNull(),
    /** agorot */
    basePrice: integer("base_price").notNull(),
    currency: text("currency").notNull().default("ILS"),
    unit: text("unit").notNull(),
    minQty: integer("min_qty").notNull().default(1),
    maxQty: integer("max_qty").notNull().default(1000),
    /**
     * Units the farmer can still supply to new orders (issue #49), or null for no limit. Placing
     * an order takes from it and cancelling one before it is handed over gives back; at zero the
     * deal stays live but takes no new orders until she sets more. `maxQty` is per order.
     */
    stock: integer("stock"),
    status: text("status", { enum: DEAL_STATUSES }).notNull().default("DRAFT"),
    startAt: timestamp("start_at"),
    endAt: timestamp("end_at"),
    /** Set while a DRAFT waits in the admins' review queue; cleared when it is sent back. */
    submittedAt: timestamp("submitted_at"),
    /** The admin's note when a draft was sent back to its vendor. */
    reviewNote: text("review_note"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at").notNull().default(nowMs),
  },
  (t) => [
    uniqueIndex("deals_slug_unique").on(t.slug),
    index("deals_status_category_idx").on(t.status, t.category),
    index("deals_status_created_idx").on(t.status, t.createdAt),
    index("deals_vendor_idx").on(t.vendorId),
    check("deals_category_check", oneOf("category", CATEGORIES)),
    check("deals_status_check", oneOf("status", DEAL_STATUSES)),
    check("deals_base_price_check", sql`base_price >= 0`),
    check("deals_qty_bounds_check", sql`min_qty >= 1 and max_qty >= min_qty`),
    check("deals_stock_check", sql`stock is null or stock >= 0`),
  ],
);

/** Legacy quantity tiers: the unit price once a line reaches `thresholdQty`. */
export const dealTiers = sqliteTable(
  "deal_tiers",
  {
    id: id(),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    thresholdQty: integer("threshold_qty").notNull(),
    /** agorot */
    unitPrice: integer("unit_price").notNull(),
  },
  (t) => [
    uniqueIndex("deal_tiers_deal_threshold_unique").on(t.dealId, t.thresholdQty),
    check("deal_tiers_threshold_check", sql`threshold_qty >= 1`),
    check("deal_tiers_price_check", sql`unit_price >= 0`),
  ],
);

/**
 * A deal's title and text as search terms (domain/hebrew-search.ts), so a search finds עגבניה in
 * "עגבניות". Kept by the search service, not by the services that write deals: triggers of
 * migration 0010 drop a deal's row whenever its title or text is written (any writer, raw SQL
 * too), and the search fills every deal without a row before it searches (deals.server.ts).
 */
export const dealSearch = sqliteTable("deal_search", {
  dealId: text("deal_id")
    .primaryKey()
    .references(() => deals.id, { onDelete: "cascade" }),
  /** the title's terms: a title match ranks first */
  titleTerms: text("title_terms").notNull(),
  /** the title's and the description's terms */
  allTerms: text("all_terms").notNull(),
});

// ---------------------------------------------------------------------------------------------
// Communities and the weekly purchase

export const communities = sqliteTable(
  "communities",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    // Where and when members collect is the community's pickup points alone (issue #45); the
    // weekly cycle's pickup date comes from them too (domain/cycle-schedule.ts).
    contactPhone: text("contact_phone"),
    isActive: bool("is_active").notNull().default(true),
    // Weekly-cycle settings (not in the spec's entity; the cycle engine needs them).
    deadlineDay: integer("deadline_day").notNull().default(4),
    deadlineTime: text("deadline_time").notNull().default("20:00"),
    /** agorot; the weekly group goal new cycles start with */
    weeklyTargetRevenue: integer("weekly_target_revenue").notNull().default(1_000_000),
    // Home delivery, the community's own choice (issue 45): off means pickup only, everywhere.
    deliveryEnabled: bool("delivery_enabled").notNull().default(true),
    /** agorot */
    deliveryFee: integer("delivery_fee").notNull().default(1500),
    /** agorot; the order subtotal from which delivery is free, null when it never is */
    freeDeliveryFrom: integer("free_delivery_from").default(15_000),
    /** business days after the close that delivery takes, as promised to shoppers */
    deliveryDaysMin: integer("delivery_days_min").notNull().default(2),
    deliveryDaysMax: integer("delivery_days_max").notNull().default(5),
    createdAt: createdAt(),
  },
  (t) => [
    check("communities_deadline_day_check", sql`deadline_day between 0 and 6`),
  ],
);

export const communityTiers = sqliteTable(
  "community_tiers",
  {
    id: id(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    /** agorot */
    minRevenue: integer("min_revenue").notNull(),
    discountPercent: integer("discount_percent").notNull(),
    tierName: text("tier_name").notNull().default("regular"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("community_tiers_min_revenue_unique").on(t.communityId, t.minRevenue),
    check("community_tiers_discount_check", sql`discount_percent between 0 and 90`),
    check("community_tiers_min_revenue_check", sql`min_revenue >= 0`),
  ],
);

export const pickupPoints = sqliteTable(
  "pickup_points",
  {
    id: id(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    instructions: text("instructions"),
    contactPhone: text("contact_phone"),
    /** weekday numbers, 0 = Sunday */
    pickupDays: text("pickup_days", { mode: "json" })
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'`),
    pickupStartTime: text("pickup_start_time").notNull(),
    pickupEndTime: text("pickup_end_time").notNull(),
    isActive: bool("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("pickup_points_community_idx").on(t.communityId)],
);

export const weeklyCycles = sqliteTable(
  "weekly_cycles",
  {
    id: id(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD (Asia/Jerusalem) */
    weekStartDate: text("week_start_date").notNull(),
    orderDeadline: timestamp("order_deadline").notNull(),
    pickupDate: timestamp("pickup_date").notNull(),
    /** agorot */
    targetRevenue: integer("target_revenue").notNull().default(1_000_000),
    /** agorot: sum of base totals of the cycle's non-canceled orders */
    currentRevenue: integer("current_revenue").notNull().default(0),
    isActive: bool("is_active").notNull().default(true),
    closedAt: timestamp("closed_at"),
    /** when members with items in their cart were reminded, 24 hours before the deadline */
    reminderSentAt: timestamp("reminder_sent_at"),
    /** when the week's deals were mailed to the members who asked for the weekly digest */
    digestMailedAt: timestamp("digest_mailed_at"),
    /** set when the cycle closed below its target: every order was cancelled */
    goalMissed: bool("goal_missed").notNull().default(false),
    /**
     * The market's share of its farmers' lines, in basis points, fixed when the week closes from
     * the site settings (domain/farmer-money.ts); null before the close (today's setting applies).
     */
    marketShareBp: integer("market_share_bp"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("weekly_cycles_community_week_unique").on(t.communityId, t.weekStartDate),
    // Every community has at most one open cycle at a time.
    uniqueIndex("weekly_cycles_one_active_per_community")
      .on(t.communityId)
      .where(sql`is_active = 1`),
    index("weekly_cycles_deadline_idx").on(t.isActive, t.orderDeadline),
    check("weekly_cycles_revenue_check", sql`current_revenue >= 0`),
  ],
);

/**
 * A group is one deal's purchase in one community's weekly cycle: `dealId` is our addition
 * (the spec lists groups per deal in the deal answer, but no deal on the group).
 */
export const groups = sqliteTable(
  "groups",
  {
    id: id(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    weeklyCycleId: text("weekly_cycle_id")
      .notNull()
      .references(() => weeklyCycles.id, { onDelete: "cascade" }),
    dealId: text("deal_id").references(() => deals.id, { onDelete: "cascade" }),
    region: text("region"),
    /** agorot */
    targetRevenue: integer("target_revenue").notNull().default(1_000_000),
    /** agorot */
    currentRevenue: integer("current_revenue").notNull().default(0),
    currentQty: integer("current_qty").notNull().default(0),
    targetQty: integer("target_qty").notNull().default(100),
    status: text("status", { enum: GROUP_STATUSES }).notNull().default("OPEN"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("groups_cycle_deal_unique").on(t.weeklyCycleId, t.dealId),
    // Covering: a deal list reads its deals' open groups from the index alone (decision 016).
    index("groups_deal_status_idx").on(t.dealId, t.status, t.communityId, t.weeklyCycleId, t.currentQty, t.targetQty, t.id),
    index("groups_community_idx").on(t.communityId),
    check("groups_status_check", oneOf("status", GROUP_STATUSES)),
    check("groups_revenue_check", sql`current_revenue >= 0 and current_qty >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Shopping

export const cartItems = sqliteTable(
  "cart_items",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    qty: integer("qty").notNull().default(1),
    // The page view ("tap") whose "add to cart" last added to this line: the same form sent
    // again (an impatient second tap, a resubmitted page) adds nothing more (issue #47).
    lastTap: text("last_tap"),
    addedAt: timestamp("added_at").notNull().default(nowMs),
  },
  (t) => [
    uniqueIndex("cart_items_user_deal_unique").on(t.userId, t.dealId),
    check("cart_items_qty_check", sql`qty >= 1`),
  ],
);

export const orders = sqliteTable(
  "orders",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id),
    groupId: text("group_id").references(() => groups.id),
    communityId: text("community_id").references(() => communities.id),
    pickupPointId: text("pickup_point_id").references(() => pickupPoints.id),
    weeklyCycleId: text("weekly_cycle_id").references(() => weeklyCycles.id),
    /**
     * The checkout that placed it (one per cart checkout; an order from POST /api/orders is its
     * own): its orders share one delivery fee. Null on orders older than the column: alone.
     */
    checkoutId: text("checkout_id"),
    qty: integer("qty").notNull(),
    /** agorot: the price if nothing changes until the close, which sets the final one */
    unitPriceAtPurchase: integer("unit_price_at_purchase").notNull(),
    /**
     * agorot: the quantity price before any community discount when she ordered (or last changed
     * the quantity): the close's ceiling. Null on older orders: the deal's price then.
     */
    quantityPriceAtPurchase: integer("quantity_price_at_purchase"),
    /** when the weekly close raised her price: she may then cancel until pickup */
    priceRaisedAt: timestamp("price_raised_at"),
    /** agorot: base price x qty, what community revenue counts */
    originalTotal: integer("original_total").notNull(),
    /** agorot: what the buyer pays, delivery fee included */
    total: integer("total").notNull(),
    deliveryType: text("delivery_type", { enum: DELIVERY_TYPES }).notNull().default("PICKUP"),
    /** agorot */
    deliveryFee: integer("delivery_fee").notNull().default(0),
    deliveryAddress: text("delivery_address"),
    deliveryPhone: text("delivery_phone"),
    deliveryNotes: text("delivery_notes"),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull().default("CASH"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("PENDING"),
    paymentIntentId: text("payment_intent_id"),
    // When each step happened, for the order timeline.
    paidAt: timestamp("paid_at"),
    fulfilledAt: timestamp("fulfilled_at"),
    canceledAt: timestamp("canceled_at"),
    /** when she was mailed the day before collecting it (issue #46) */
    pickupRemindedAt: timestamp("pickup_reminded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_cycle_status_idx").on(t.weeklyCycleId, t.status),
    index("orders_group_idx").on(t.groupId),
    index("orders_deal_user_idx").on(t.dealId, t.userId),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_checkout_idx").on(t.checkoutId),
    check("orders_qty_check", sql`qty >= 1`),
    check("orders_money_check", sql`unit_price_at_purchase >= 0 and original_total >= 0 and total >= 0 and delivery_fee >= 0`),
    check("orders_delivery_type_check", oneOf("delivery_type", DELIVERY_TYPES)),
    check("orders_payment_method_check", oneOf("payment_method", PAYMENT_METHODS)),
    check("orders_status_check", oneOf("status", ORDER_STATUSES)),
  ],
);

export const addresses = sqliteTable(
  "addresses",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    city: text("city").notNull(),
    street: text("street").notNull(),
    houseNumber: text("house_number"),
    notes: text("notes"),
    isDefault: bool("is_default").notNull().default(false),
  },
  (t) => [index("addresses_user_idx").on(t.userId)],
);

export const referrals = sqliteTable(
  "referrals",
  {
    id: id(),
    dealId: text("deal_id").references(() => deals.id, { onDelete: "cascade" }),
    refCode: text("ref_code").notNull(),
    createdByUserId: text("created_by_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The community the invitation is for (a deal link invites to the member's community). */
    communityId: text("community_id").references(() => communities.id, { onDelete: "cascade" }),
    rewardType: text("reward_type"),
    rewardValue: integer("reward_value"),
    // Nullable: SQLite cannot add a column whose default is an expression to an existing table.
    createdAt: timestamp("created_at").$defaultFn(() => new Date()),
  },
  (t) => [
    uniqueIndex("referrals_ref_code_unique").on(t.refCode),
    index("referrals_creator_idx").on(t.createdByUserId),
  ],
);

/** A visitor who signed up through a referral link (one referral per new account). */
export const referralSignups = sqliteTable(
  "referral_signups",
  {
    id: id(),
    referralId: text("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("referral_signups_user_unique").on(t.userId),
    index("referral_signups_referral_idx").on(t.referralId),
  ],
);

export const eventLogs = sqliteTable(
  "event_logs",
  {
    id: id(),
    type: text("type").notNull(),
    /** { actorUserId, entityId, before, after, note }: who changed what, and how */
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>(),
    /** Who made the change; a column as well as in the payload, so the audit log can join the name. */
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("event_logs_type_created_idx").on(t.type, t.createdAt),
    index("event_logs_created_idx").on(t.createdAt),
  ],
);

export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    isVerified: bool("is_verified").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at").notNull().default(nowMs),
  },
  (t) => [
    // One review per order: "a FULFILLED order of that deal that has no review yet".
    uniqueIndex("reviews_order_unique").on(t.orderId),
    index("reviews_deal_created_idx").on(t.dealId, t.createdAt),
    check("reviews_rating_check", sql`rating between 1 and 5`),
  ],
);

export const favorites = sqliteTable(
  "favorites",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("favorites_user_deal_unique").on(t.userId, t.dealId)],
);

export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /** where the notification leads: a deal, an order, or (for admins) an admin page's path */
    data: text("data", { mode: "json" }).$type<{ dealSlug?: string; orderId?: string; href?: string }>(),
    isRead: bool("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_read_created_idx").on(t.userId, t.isRead, t.createdAt),
    check("notifications_type_check", oneOf("type", NOTIFICATION_TYPES)),
  ],
);

export type User = typeof users.$inferSelect;
export type Community = typeof communities.$inferSelect;
export type PickupPoint = typeof pickupPoints.$inferSelect;
export type Deal = typeof deals.$inferSelect;
export type Order = typeof orders.$inferSelect;

/** Messages from /contact: stored for admins to read (DESIGN.md), not pretended-sent. */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    kind: text("kind", { enum: MESSAGE_KINDS }).notNull().default("contact"),
    readAt: timestamp("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    check("contact_messages_kind_check", oneOf("kind", MESSAGE_KINDS)),
  ],
);

/**
 * The organiser's own settings (issue 45): her business on receipts, /contact, /about and
 * /privacy. One row per key; the value is JSON validated by app/domain/site-settings.ts, so a
 * new field needs no migration. An empty table is a fresh install (neutral wording).
 */
export const siteSettings = sqliteTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).$type<unknown>().notNull(),
  updatedAt: timestamp("updated_at").notNull().$defaultFn(() => new Date()),
});

/**
 * Mail on its way out (issue 46). A mail is written here in the same transaction as the event
 * that causes it and sent afterwards by services/mail-outbox.server.ts, tried again with a
 * growing wait while the mail server refuses: an outage delays mail and loses none. Once sent,
 * the bodies are emptied (the row stays for the admin's queue view) and old rows are dropped.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** what the mail is about (sign-in, order-placed, admin-alert, ...), for the admin's view */
    kind: text("kind").notNull(),
    /** extra headers (List-Unsubscribe for the optional mails) */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("WAITING"),
    attempts: integer("attempts").notNull().default(0),
    /** when it may be tried (again) */
    nextAttemptAt: timestamp("next_attempt_at").notNull().default(nowMs),
    /** a sender holds it until then; a sender that died lets it go again */
    claimedUntil: timestamp("claimed_until"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_to_idx").on(t.toAddress),
    index("mail_outbox_created_idx").on(t.createdAt),
    check("mail_outbox_status_check", oneOf("status", OUTBOX_STATUSES)),
  ],
);
export type OutboxMail = typeof mailOutbox.$inferSelect;

/**
 * A farmer's week marked paid by an admin (issue #49): one row per closed weekly cycle and vendor.
 * No row is "not yet paid". `amount` is what the statement said she was owed when it was marked
 * (domain/farmer-money.ts), so a later refund shows as a difference instead of rewriting history.
 */
export const vendorPayouts = sqliteTable(
  "vendor_payouts",
  {
    id: id(),
    weeklyCycleId: text("weekly_cycle_id")
      .notNull()
      .references(() => weeklyCycles.id, { onDelete: "cascade" }),
    vendorId: text("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "cascade" }),
    /** agorot */
    amount: integer("amount").notNull(),
    paidAt: timestamp("paid_at").notNull(),
    paidByUserId: text("paid_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("vendor_payouts_cycle_vendor_unique").on(t.weeklyCycleId, t.vendorId), index("vendor_payouts_vendor_idx").on(t.vendorId)],
);

/**
 * Deal pictures (issue #48): kept in the database, so the one file (and its replica or backup)
 * holds everything a restore needs. `hash` names the picture by its content (the first 32 hex
 * digits of the SHA-256 of the stored original); `width` 0 is that original (upright, shrunk,
 * no metadata), 400 and 800 its WebP copies. Rows are written once and never changed, so the
 * URLs built from them (`/uploads/deals/<hash>.jpg`, `<hash>-400.webp`) are cached for a year.
 */
export const dealPictures = sqliteTable(
  "deal_pictures",
  {
    hash: text("hash").notNull(),
    width: integer("width").notNull(),
    contentType: text("content_type").notNull(),
    bytes: blob("bytes", { mode: "buffer" }).$type<Buffer>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.width] })],
);
