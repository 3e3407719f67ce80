// The platform as a business: the VAT every price includes. Pure. Who runs the market (its name,
// number, address and how to reach it) is not code: the organiser enters it at /admin/settings
// (domain/site-settings.ts), and until then the pages name no business at all.

/** Israel's VAT rate in percent, included in every price we show (the spec: "prices include VAT"). */
export const VAT_PERCENT = 18;
