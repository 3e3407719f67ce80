// Every visible string, per language. Each JSON file owns its top-level sections (common: the
// shell and accounts; shop: deals, cart, orders; pages: static pages), merged here into one
// "translation" namespace.
import enCommon from "./en/common.json";
import enPages from "./en/pages.json";
import enShop from "./en/shop.json";
import heCommon from "./he/common.json";
import hePages from "./he/pages.json";
import heShop from "./he/shop.json";

export const translations = {
  he: { ...heCommon, ...heShop, ...hePages },
  en: { ...enCommon, ...enShop, ...enPages },
} as const;

export type Translation = (typeof translations)["he"];
