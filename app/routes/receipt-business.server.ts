// The organiser's details both printable order documents print (issue #45): as the admin entered
// them in the site settings, in the page's language. BUSINESS_ID still counts for an install
// that set it before the settings existed.
import type { Db } from "~/db/client.server";
import { businessId } from "~/config.server";
import { publicBusiness } from "~/domain/site-settings";
import { readSiteSettings } from "~/services/site-settings.server";

export function receiptBusiness(db: Db, locale: string) {
  const business = publicBusiness(readSiteSettings(db), locale);
  return { ...business, registrationNumber: business.registrationNumber ?? businessId() };
}
