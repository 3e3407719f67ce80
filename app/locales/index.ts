// Every visible string, per language. Each JSON file owns its top-level sections (common: the
// shell and sign-in; shop: deals, cart, orders; pages: static pages; account: profile,
// settings, onboarding; admin: the admin area; vendor: the vendor area; members: saved
// addresses and invitations; browse: the deadline, tiers and groups while browsing; back-office:
// the admin and vendor layout, lists and deal form), merged here into one "translation" namespace.
import enAccount from "./en/account.json";
import enAdmin from "./en/admin.json";
import enBackOffice from "./en/back-office.json";
import enBrowse from "./en/browse.json";
import enCommon from "./en/common.json";
import enDealsAdmin from "./en/deals-admin.json";
import enMembers from "./en/members.json";
import enPages from "./en/pages.json";
import enShop from "./en/shop.json";
import enVendor from "./en/vendor.json";
import heAccount from "./he/account.json";
import heAdmin from "./he/admin.json";
import heBackOffice from "./he/back-office.json";
import heBrowse from "./he/browse.json";
import heCommon from "./he/common.json";
import heDealsAdmin from "./he/deals-admin.json";
import heMembers from "./he/members.json";
import hePages from "./he/pages.json";
import heShop from "./he/shop.json";
import heVendor from "./he/vendor.json";

export const translations = {
  he: { ...heCommon, ...heShop, ...hePages, ...heAccount, ...heAdmin, ...heVendor, ...heMembers, ...heDealsAdmin, ...heBrowse, ...heBackOffice },
  en: { ...enCommon, ...enShop, ...enPages, ...enAccount, ...enAdmin, ...enVendor, ...enMembers, ...enDealsAdmin, ...enBrowse, ...enBackOffice },
} as const;

export type Translation = (typeof translations)["he"];
