// Making and running deals (issue #7): vendors create and edit their own deals and send them for
// review; admins activate, send back, end and archive, and may edit any deal not archived. One
// module for the pages and the /api twins. Status moves go through the state machine in
// deal-status.ts; every change writes its audit row in the same transaction.
import { and, asc, count, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "~/db/client.server";
import { inlined } from "~/db/prepared.server";
import { deals, dealTiers, vendors, type Deal, type DealStatus } from "~/db/schema";
import { alertAdmins } from "./admin-alerts.server";
import { recordAuditEvent, type AuditEventType } from "./audit.server";
import { openGroupsForDeal } from "./cycle-engine.server";
import { checkImageFiles, forgetPictureIfUnused, storeImages, type CheckedImage } from "./deal-images.server";
import { DEAL_NOTE_MAX, type DealInput } from "~/domain/deal-schema";
import { applyDealAction, availableDealActions, canEditDeal, liveFixedFieldChanged, type DealAction } from "~/domain/deal-status";
import { ServiceError } from "~/domain/errors";
import { fitsImageLimit, MAX_IMAGES_PER_DEAL } from "~/domain/image-upload";
import { toDecimalString } from "~/domain/money";
import { firstFreeSlug, slugify } from "~/domain/slug";
import { stockToStore } from "~/domain/stock";
import { listPage, listWindow } from "~/domain/list-query";
import { containsAny } from "./list-search.server";

/** Who is changing a deal: a vendor (its own deals only) or an admin (any deal). */
export type DealEditor = { role: "VENDOR"; userId: string; vendorId: string } | { role: "ADMIN"; userId: string };

export interface DealTierRow {
  thresholdQty: number;
  /** agorot */
  unitPrice: number;
}

/** A deal as its editor sees it: content, tiers, where it stands and what can be done next. */
export interface EditorDeal {
  deal: Deal;
  vendorName: string;
  tiers: DealTierRow[];
  canEdit: boolean;
  actions: DealAction[];
}

const AUDIT_TYPES: Record<DealAction, AuditEventType> = {
  submit: "deal.submitted",
  activate: "deal.activated",
  sendBack: "deal.sent_back",
  end: "deal.ended",
  archive: "deal.archived",
};

export function tiersOf(db: Queryable, dealId: string): DealTierRow[] {
  return db
    .select({ thresholdQty: dealTiers.thresholdQty, unitPrice: dealTiers.unitPrice })
    .from(dealTiers)
    .where(eq(dealTiers.dealId, dealId))
    .orderBy(asc(dealTiers.thresholdQty))
    .all();
}

/** The deal, if this editor may see it: another vendor's deal is "not found" to a vendor. */
export function dealOf(db: Queryable, editor: DealEditor, dealId: string): Deal {
  const deal = db.select().from(deals).where(eq(deals.id, dealId)).get();
  if (!deal || (editor.role === "VENDOR" && deal.vendorId !== editor.vendorId)) throw new ServiceError(404, "dealEditor.errors.notFound");
  return deal;
}

/** What the audit log keeps of a deal, before and after a change. */
export function snapshot(deal: Deal, tiers: DealTierRow[]) {
  const { createdAt: _created, updatedAt: _updated, currency: _currency, ...rest } = deal;
  return { ...rest, tiers };
}

export function editorView(db: Queryable, editor: DealEditor, deal: Deal): EditorDeal {
  const vendorName = db.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, deal.vendorId)).get()?.name ?? "";
  return {
    deal,
    vendorName,
    tiers: tiersOf(db, deal.id),
    canEdit: canEditDeal(deal, editor.role),
    actions: availableDealActions(deal, editor.role),
  };
}

/** A free slug: the one asked for (or made from the title), with -2, -3 ... on a clash. */
function freeSlug(tx: Tx, wanted: string, exceptDealId?: string): string {
  const base = slugify(wanted);
  return firstFreeSlug(base, (slug) => {
    const clash = tx
      .select({ id: deals.id })
      .from(deals)
      .where(exceptDealId ? and(eq(deals.slug, slug), ne(deals.id, exceptDealId)) : eq(deals.slug, slug))
      .get();
    return clash !== undefined;
  });
}

export function writeTiers(tx: Tx, dealId: string, tiers: DealTierRow[]) {
  tx.delete(dealTiers).where(eq(dealTiers.dealId, dealId)).run();
  for (const tier of tiers) tx.insert(dealTiers).values({ dealId, thresholdQty: tier.thresholdQty, unitPrice: tier.unitPrice }).run();
}

/** The deal's columns from the form; `current` is the stock now (null for a new deal). */
function content(input: DealInput, current: number | null = null) {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    unit: input.unit,
    basePrice: input.basePrice,
    minQty: input.minQty,
    maxQty: input.maxQty,
    stock: stockToStore(input.stock, input.stockShown, current),
  };
}

/** A deal's pictures with new ones after them; one sent again is not listed twice. */
function withAdded(current: string[], added: string[]): string[] {
  return [...new Set([...current, ...added])];
}

function ensureRoomFor(deal: Deal, images: CheckedImage[]) {
  if (!fitsImageLimit(deal.images.length, images.length)) {
    throw new ServiceError(422, "dealEditor.images.tooMany", "images", { max: MAX_IMAGES_PER_DEAL });
  }
}

/** A vendor's new deal: always a DRAFT of its own, with any pictures sent along. */
export async function createDeal(db: Db, editor: Extract<DealEditor, { role: "VENDOR" }>, input: DealInput, files: File[] = [], now = new Date()): Promise<EditorDeal> {
  const images = await checkImageFiles(files);
  // The pictures are kept in the transaction: a refused change leaves none behind.
  return db.transaction(
    (tx) => {
      if (images.length > MAX_IMAGES_PER_DEAL) throw new ServiceError(422, "dealEditor.images.tooMany", "images", { max: MAX_IMAGES_PER_DEAL });
      const deal = tx
        .insert(deals)
        .values({
          ...content(input),
          vendorId: editor.vendorId,
          slug: freeSlug(tx, input.slug || input.title),
          status: "DRAFT",
          images: withAdded([], storeImages(tx, images)),
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      writeTiers(tx, deal.id, input.tiers);
      recordAuditEvent(tx, { type: "deal.created", actorUserId: editor.userId, entityId: deal.id, after: snapshot(deal, input.tiers) }, now);
      return editorView(tx, editor, deal);
    },
    { behavior: "immediate" },
  );
}

/**
 * New content for a deal (and any pictures sent along, added to its list). A vendor edits only a
 * draft that is not waiting for review; an admin any deal not archived. A slug left empty stays
 * as it was, so links to a live deal keep working.
 */
export async function updateDeal(db: Db, editor: DealEditor, dealId: string, input: DealInput, files: File[] = [], now = new Date()): Promise<EditorDeal> {
  const images = await checkImageFiles(files);
  return db.transaction(
    (tx) => {
      const before = dealOf(tx, editor, dealId);
      if (!canEditDeal(before, editor.role)) throw new ServiceError(409, "dealEditor.errors.notEditable");
      const fixed = liveFixedFieldChanged(before, input, editor.role);
      if (fixed) throw new ServiceError(409, "dealEditor.errors.liveFixed", fixed);
      ensureRoomFor(before, images);
      const tiersBefore = tiersOf(tx, dealId);
      const slug = input.slug && slugify(input.slug) !== before.slug ? freeSlug(tx, input.slug, dealId) : before.slug;
      const after = tx
        .update(deals)
        .set({ ...content(input, before.stock), slug, images: withAdded(before.images, storeImages(tx, images)), updatedAt: now })
        .where(eq(deals.id, dealId))
        .returning()
        .get()!;
      writeTiers(tx, dealId, input.tiers);
      recordAuditEvent(tx, { type: "deal.updated", actorUserId: editor.userId, entityId: dealId, before: snapshot(before, tiersBefore), after: snapshot(after, input.tiers) }, now);
      return editorView(tx, editor, after);
    },
    { behavior: "immediate" },
  );
}

/** Adds pictures to a deal the editor may edit (at most six in all). */
export async function addDealImages(db: Db, editor: DealEditor, dealId: string, files: File[], now = new Date()): Promise<EditorDeal> {
  if (files.length === 0) throw new ServiceError(422, "dealEditor.images.noneChosen", "images");
  const images = await checkImageFiles(files);
  return db.transaction(
    (tx) => {
      const before = dealOf(tx, editor, dealId);
      if (!canEditDeal(before, editor.role)) throw new ServiceError(409, "dealEditor.errors.notEditable");
      ensureRoomFor(before, images);
      const tiers = tiersOf(tx, dealId);
      const after = tx
        .update(deals)
        .set({ images: withAdded(before.images, storeImages(tx, images)), updatedAt: now })
        .where(eq(deals.id, dealId))
        .returning()
        .get()!;
      recordAuditEvent(tx, { type: "deal.updated", actorUserId: editor.userId, entityId: dealId, before: snapshot(before, tiers), after: snapshot(after, tiers) }, now);
      return editorView(tx, editor, after);
    },
    { behavior: "immediate" },
  );
}

/** Takes one picture off a deal, and our stored picture with it when no deal shows it any more. */
export function removeDealImage(db: Db, editor: DealEditor, dealId: string, url: string, now = new Date()): EditorDeal {
  return db.transaction(
    (tx) => {
      const before = dealOf(tx, editor, dealId);
      if (!canEditDeal(before, editor.role)) throw new ServiceError(409, "dealEditor.errors.notEditable");
      if (!before.images.includes(url)) throw new ServiceError(404, "dealEditor.images.notOnDeal", "url");
      const tiers = tiersOf(tx, dealId);
      const after = tx
        .update(deals)
        .set({ images: before.images.filter((image) => image !== url), updatedAt: now })
        .where(eq(deals.id, dealId))
        .returning()
        .get()!;
      // Its picture goes with it, unless another deal shows the same one.
      forgetPictureIfUnused(tx, url);
      recordAuditEvent(tx, { type: "deal.updated", actorUserId: editor.userId, entityId: dealId, before: snapshot(before, tiers), after: snapshot(after, tiers) }, now);
      return editorView(tx, editor, after);
    },
    { behavior: "immediate" },
  );
}

/**
 * One step of the deal's life (submit, activate, sendBack with a note, end, archive). Activating
 * opens the deal's group in every open weekly cycle, so shoppers can buy it this week.
 */
export function takeDealAction(db: Db, editor: DealEditor, dealId: string, action: DealAction, note?: string, now = new Date()): EditorDeal {
  return db.transaction(
    (tx) => {
      const before = dealOf(tx, editor, dealId);
      const next = applyDealAction(before, action, editor.role, now);
      if (!next) throw new ServiceError(409, "dealEditor.errors.actionNotAllowed");
      const trimmed = note?.trim() ?? "";
      if (action === "sendBack" && trimmed.length < 3) throw new ServiceError(422, "dealEditor.validation.noteRequired", "note");
      // The page's button form reaches here without SendBackSchema: the same limit, here too.
      if (action === "sendBack" && trimmed.length > DEAL_NOTE_MAX) throw new ServiceError(422, "dealEditor.validation.noteTooLong", "note");
      const changes: Partial<Deal> = { status: next.status, submittedAt: next.submittedAt, updatedAt: now };
      if (action === "submit") changes.reviewNote = null;
      if (action === "sendBack") changes.reviewNote = trimmed;
      if (action === "activate") {
        changes.reviewNote = null;
        changes.startAt = before.startAt ?? now;
      }
      if (action === "end") changes.endAt = now;
      const after = tx.update(deals).set(changes).where(eq(deals.id, dealId)).returning().get()!;
      if (action === "activate") openGroupsForDeal(tx, dealId);
      const tiers = tiersOf(tx, dealId);
      recordAuditEvent(
        tx,
        { type: AUDIT_TYPES[action], actorUserId: editor.userId, entityId: dealId, before: snapshot(before, tiers), after: snapshot(after, tiers), note: action === "sendBack" ? trimmed : undefined },
        now,
      );
      const view = editorView(tx, editor, after);
      // A deal waiting for review: the admins hear of it (a notification now, a mail after the commit).
      if (action === "submit") alertAdmins(tx, { kind: "dealSubmitted", title: after.title, vendor: view.vendorName });
      return view;
    },
    { behavior: "immediate" },
  );
}

/** One deal for its editor's page or API. */
export function dealForEditor(db: Db, editor: DealEditor, dealId: string): EditorDeal {
  return editorView(db, editor, dealOf(db, editor, dealId));
}

export interface DealListRow {
  id: string;
  title: string;
  slug: string;
  status: DealStatus;
  submittedAt: Date | null;
  reviewNote: string | null;
  basePrice: number;
  unit: string;
  vendorName: string;
  updatedAt: Date;
  image: string | null;
}

const listColumns = {
  id: deals.id,
  title: deals.title,
  slug: deals.slug,
  status: deals.status,
  submittedAt: deals.submittedAt,
  reviewNote: deals.reviewNote,
  basePrice: deals.basePrice,
  unit: deals.unit,
  vendorName: vendors.name,
  updatedAt: deals.updatedAt,
  image: sql<string | null>`json_extract(${deals.images}, '$[0]')`,
};

/** A vendor's own deals, last changed first. */
export function listVendorDeals(db: Db, vendorId: string): DealListRow[] {
  return db.select(listColumns).from(deals).innerJoin(vendors, eq(vendors.id, deals.vendorId)).where(eq(deals.vendorId, vendorId)).orderBy(desc(deals.updatedAt)).all();
}

export interface AdminDealsQuery {
  status: DealStatus | null;
  /** a part of the deal's title or its vendor's name; empty for every deal */
  q: string;
  page: number;
}

/**
 * The admins' deals tab: the review queue (oldest submission first), then every deal (or those
 * in one status, or matching the search), one page of LIST_PAGE_SIZE at a time.
 */
export function adminDealLists(db: Db, query: AdminDealsQuery) {
  const queue = db
    .select(listColumns)
    .from(deals)
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .where(and(eq(deals.status, "DRAFT"), isNotNull(deals.submittedAt)))
    .orderBy(asc(deals.submittedAt))
    .all();
  const { limit, offset } = listWindow(query);
  const where = and(query.status ? eq(deals.status, query.status) : undefined, containsAny(query.q, [deals.title, vendors.name]));
  const rows = db
    .select(listColumns)
    .from(deals)
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .where(where)
    .orderBy(desc(deals.updatedAt), asc(deals.id))
    .limit(inlined(limit))
    .offset(inlined(offset))
    .all();
  const total = db.select({ n: count() }).from(deals).innerJoin(vendors, eq(vendors.id, deals.vendorId)).where(where).get()?.n ?? 0;
  const paging = listPage(query, total, rows.length);
  return {
    queue,
    deals: rows.map((row) => ({ ...row, actions: availableDealActions(row, "ADMIN") })),
    total,
    pageCount: paging.pageCount,
    paging,
  };
}

/** A deal for the editor APIs: money as decimal strings, dates as ISO strings. */
export function editorDealJson({ deal, vendorName, tiers, canEdit, actions }: EditorDeal) {
  return {
    id: deal.id,
    vendorId: deal.vendorId,
    vendor: { name: vendorName },
    title: deal.title,
    slug: deal.slug,
    description: deal.description,
    category: deal.category,
    unit: deal.unit,
    basePrice: toDecimalString(deal.basePrice),
    currency: deal.currency,
    minQty: deal.minQty,
    maxQty: deal.maxQty,
    stock: deal.stock,
    tiers: tiers.map((tier) => ({ thresholdQty: tier.thresholdQty, unitPrice: toDecimalString(tier.unitPrice) })),
    images: deal.images,
    status: deal.status,
    inReview: deal.status === "DRAFT" && deal.submittedAt !== null,
    submittedAt: deal.submittedAt?.toISOString() ?? null,
    reviewNote: deal.reviewNote,
    startAt: deal.startAt?.toISOString() ?? null,
    endAt: deal.endAt?.toISOString() ?? null,
    canEdit,
    actions,
    createdAt: deal.createdAt.toISOString(),
    updatedAt: deal.updatedAt.toISOString(),
  };
}

export function dealListRowJson(row: DealListRow) {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    inReview: row.status === "DRAFT" && row.submittedAt !== null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    reviewNote: row.reviewNote,
    basePrice: toDecimalString(row.basePrice),
    unit: row.unit,
    vendor: { name: row.vendorName },
    image: row.image,
    updatedAt: row.updatedAt.toISOString(),
  };
}
