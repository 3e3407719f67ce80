// The marketplace's own details (issue #45), one site_settings row per key (its value JSON). Read
// by the pages that name the business (/contact, /about, /privacy, the receipt) and written by
// the admin's settings page. The rules (schema, defaults, what a page prints) are in
// domain/site-settings.ts.
import { siteSettings as siteSettingsTable } from "~/db/schema";
import type { Db, Queryable } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { changedSettingKeys, senderLine, settingsFromRows, SITE_SETTING_KEYS, type SiteSettingKey, type SiteSettings } from "~/domain/site-settings";
import { recordAuditEvent } from "./audit.server";

// Prepared: every checkout's mail reads it, inside the checkout's write transaction.
const settingRows = preparedQuery((db) => db.select({ key: siteSettingsTable.key, value: siteSettingsTable.value }).from(siteSettingsTable).prepare());

/** Every setting; a key never saved reads as its default (empty). One small query. */
export function readSiteSettings(db: Queryable): SiteSettings {
  return settingsFromRows(settingRows(db).all());
}

/** The line that signs a mail in the reader's language (who sends it), or null on a fresh install. */
export function mailSender(db: Queryable, locale: string): string | null {
  return senderLine(readSiteSettings(db), locale);
}

/**
 * Saves the whole form: every key that changed, and one audit row naming those keys before and
 * after, in one transaction. Saving the same values again writes nothing.
 */
export function saveSiteSettings(db: Db, actorUserId: string | null, input: SiteSettings, now = new Date()): SiteSettings {
  return db.transaction(
    (tx) => {
      const before = readSiteSettings(tx);
      const changed = changedSettingKeys(before, input);
      if (changed.length === 0) return before;
      writeSettings(tx, pick(input, changed), now);
      recordAuditEvent(tx, { type: "site_settings.updated", actorUserId, entityId: "site", before: pick(before, changed), after: pick(input, changed) }, now);
      return input;
    },
    { behavior: "immediate" },
  );
}

/**
 * Writes the given keys as they are, no audit row: for the demo seed, which fills a new database
 * inside its own transaction. Anything a person changes goes through saveSiteSettings.
 */
export function writeSettings(tx: Queryable, values: Partial<SiteSettings>, now = new Date()) {
  for (const key of SITE_SETTING_KEYS) {
    if (!(key in values)) continue;
    const value = values[key];
    tx.insert(siteSettingsTable).values({ key, value, updatedAt: now }).onConflictDoUpdate({ target: siteSettingsTable.key, set: { value, updatedAt: now } }).run();
  }
}

function pick(settings: SiteSettings, keys: SiteSettingKey[]): Partial<SiteSettings> {
  return Object.fromEntries(keys.map((key) => [key, settings[key]]));
}
