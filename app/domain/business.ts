// The platform as a business, in one place: who sells on the receipt, how people reach us, and
// the VAT every price includes. Pure. Words (the legal name, the street address) live in the
// locale files under "business"; a self-hoster changes these values and those keys together.

/** Israel's VAT rate in percent, included in every price we show (the spec: "prices include VAT"). */
export const VAT_PERCENT = 18;

/** Where people reach us; the address and hours are words, so they sit in the locale files. */
export const SUPPORT_CONTACT = {
  phone: "03-555-0199",
  phoneHref: "tel:+97235550199",
  email: "hello@shuk.example",
  privacyEmail: "privacy@shuk.example",
} as const;
