// The route table: both spec documents' routes, the footer's links, and the /api calls.
import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),

  // Accounts (accounts-admin.md)
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("logout", "routes/logout.ts"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("auth/magic", "routes/auth-magic.tsx"),
  route("onboarding/community", "routes/onboarding-community.tsx"),
  route("profile", "routes/profile.tsx"),
  route("profile/edit", "routes/profile-edit.tsx"),
  // Members: saved addresses and invitations of neighbours
  route("profile/addresses", "routes/profile-addresses.tsx"),
  route("invite", "routes/invite-link.ts"),
  route("invite/:code", "routes/invite.tsx"),
  route("settings", "routes/settings.tsx"),
  // An optional mail's one-click unsubscribe (issue #46): signed out, by its signed link.
  route("unsubscribe/:token", "routes/unsubscribe.tsx"),
  route("admin/create", "routes/admin-create.tsx"),
  route("admin/cycles/:id/csv", "routes/admin-cycle-csv.ts"),

  // The back office (issue #17): the admin pages and the vendor's own pages share a layout of
  // their own (app/routes/back-office.tsx) instead of the shop's header and footer. It adds no
  // path: the URLs are the same as before.
  layout("routes/back-office.tsx", [
    route("admin", "routes/admin.tsx"),
    route("admin/cycles", "routes/admin-cycles.tsx"),
    route("admin/cycles/:id", "routes/admin-cycle.tsx"),
    // The organiser's pickup day: who collects what, ticked off as they come (013).
    route("admin/cycles/:id/pickup", "routes/admin-cycle-pickup.tsx"),
    // Admin: communities and the audit log (issue #7)
    route("admin/communities", "routes/admin-communities.tsx"),
    route("admin/communities/:id", "routes/admin-community.tsx"),
    route("admin/audit", "routes/admin-audit.tsx"),
    // The outbox's queue (issue #46)
    route("admin/mail", "routes/admin-mail.tsx"),
    route("admin/settings", "routes/admin-settings.tsx"),
    route("admin/vendor-applications", "routes/admin-vendor-applications.tsx"),
    // Deals: vendors create and edit, admins review (issue #7)
    route("admin/deals", "routes/admin-deals.tsx"),
    route("admin/deals/:id/edit", "routes/admin-deal-edit.tsx"),
    route("vendor/dashboard", "routes/vendor-dashboard.tsx"),
    route("vendor/new-deal", "routes/vendor-new-deal.tsx"),
    route("vendor/deals/:id/edit", "routes/vendor-deal-edit.tsx"),
    route("vendor/guide", "routes/vendor-guide.tsx"),
    route("vendor/statements", "routes/vendor-statements.tsx"),
    route("vendor/support", "routes/vendor-support.tsx"),
  ]),

  // Shopping (shopping.md)
  route("deals", "routes/deals.tsx"),
  route("deals/:slug", "routes/deal.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("shipping", "routes/shipping.tsx"),
  route("order-success", "routes/order-success.tsx"),
  route("orders", "routes/orders.tsx"),
  route("orders/:id", "routes/order.tsx"),
  route("orders/:id/receipt", "routes/order-receipt.tsx"),
  route("checkouts/:id/receipt", "routes/checkout-receipt.tsx"),
  route("favorites", "routes/favorites.tsx"),
  route("notifications", "routes/notifications.tsx"),
  // The community's group purchases of the week, the page organisers share (issue #16).
  route("groups", "routes/groups.tsx"),

  // Static pages and the vendor area linked from the footer
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("faq", "routes/faq.tsx"),
  // Vendor area: the application, dashboard, guide and support (issue #7)
  route("vendor", "routes/vendor.tsx"),
  route("vendor/dashboard/packing.csv", "routes/vendor-packing-csv.ts"),
  route("vendor/statements/:cycleId.csv", "routes/vendor-statement-csv.ts"),
  route("uploads/deals/:file", "routes/uploads-deal.ts"),
  // The strings a page reads in the browser, one file per language and set of sections.
  route("i18n/:locale/:version/:file", "routes/translation-file.ts"),

  // Resource routes
  route("theme", "routes/theme.ts"),
  // The language switch in the header and footer (issue #47)
  route("language", "routes/language.ts"),
  route("healthz", "routes/healthz.ts"),
  ...prefix("api", [
    route("auth/signup", "routes/api/auth.signup.ts"),
    route("auth/login", "routes/api/auth.login.ts"),
    route("auth/user", "routes/api/auth.user.ts"),
    route("auth/magic-link", "routes/api/auth.magic-link.ts"),
    route("auth/password/reset/request", "routes/api/auth.magic-link.ts", { id: "api-password-reset-request" }),
    route("communities", "routes/api/communities.ts"),
    route("communities/:id/:view", "routes/api/community.ts"),
    route("login", "routes/api/external-login.ts"),
    route("login/callback", "routes/api/external-login.ts", { id: "api-login-callback" }),
    route("deals", "routes/api/deals.ts"),
    route("deals/:slug", "routes/api/deal.ts"),
    route("deals/:id/reviews", "routes/api/deal-reviews.ts"),
    route("deals/:id/rating", "routes/api/deal-rating.ts"),
    route("deals/:id/can-review", "routes/api/deal-can-review.ts"),
    route("order-deadline", "routes/api/order-deadline.ts"),
    route("platform-stats", "routes/api/platform-stats.ts"),
    route("cart", "routes/api/cart.ts"),
    route("cart/count", "routes/api/cart-count.ts"),
    route("cart/clear", "routes/api/cart-clear.ts"),
    route("cart/:dealId", "routes/api/cart-line.ts"),
    route("checkout", "routes/api/checkout.ts"),
    route("orders", "routes/api/orders.ts"),
    route("orders/user/:userId", "routes/api/orders-of-user.ts"),
    route("orders/:id", "routes/api/order.ts"),
    route("orders/:id/cancel", "routes/api/order-cancel.ts"),
    route("notifications", "routes/api/notifications.ts"),
    route("notifications/:id", "routes/api/notifications.ts", { id: "api-notification" }),
    route("notifications/:id/read", "routes/api/notifications.ts", { id: "api-notification-read" }),
    route("favorites", "routes/api/favorites.ts"),
    route("favorites/check/:dealId", "routes/api/favorite.ts", { id: "api-favorite-check" }),
    route("favorites/:dealId", "routes/api/favorite.ts"),
    // Account API (profile, stats, settings)
    route("users/stats", "routes/api/user-stats.ts"),
    route("user/profile", "routes/api/user-profile.ts"),
    route("user/settings", "routes/api/user-settings.ts"),
    route("user/account", "routes/api/user-account.ts"),
    // Admin API
    route("admin/create-admin", "routes/api/admin-create.ts"),
    // Admin API: communities, pickup points, tiers, cycle settings, audit log (issue #7)
    route("admin/communities", "routes/api/admin-communities.ts"),
    route("admin/communities/:id", "routes/api/admin-community.ts"),
    route("admin/communities/:id/deactivate", "routes/api/admin-community-active.ts", { id: "api-admin-community-deactivate" }),
    route("admin/communities/:id/activate", "routes/api/admin-community-active.ts", { id: "api-admin-community-activate" }),
    route("admin/communities/:id/tiers", "routes/api/admin-community-tiers.ts"),
    route("admin/communities/:id/cycle-settings", "routes/api/admin-community-cycle-settings.ts"),
    route("admin/communities/:id/delivery", "routes/api/admin-community-delivery.ts"),
    route("admin/communities/:id/pickup-points", "routes/api/admin-community-pickup-points.ts"),
    route("admin/pickup-points/:id", "routes/api/admin-pickup-point.ts"),
    route("admin/audit", "routes/api/admin-audit.ts"),
    // An open week: close it now, move its deadline (issue #45)
    route("admin/cycles/:id/:action", "routes/api/admin-cycle-control.ts"),
    route("admin/:view", "routes/api/admin.ts"),
    // Members API: saved addresses and invitations of neighbours
    route("user/addresses", "routes/api/user-addresses.ts"),
    route("user/addresses/:id", "routes/api/user-address.ts"),
    route("user/addresses/:id/default", "routes/api/user-address.ts", { id: "api-user-address-default" }),
    route("referrals", "routes/api/referrals.ts"),
    route("referrals/:code", "routes/api/referral.ts"),
    // Vendor area API: applications, dashboard, support, and the admins' review (issue #7)
    route("vendor/applications", "routes/api/vendor-applications.ts"),
    route("vendor/dashboard", "routes/api/vendor-dashboard.ts"),
    route("vendor/statements", "routes/api/vendor-statements.ts"),
    route("vendor/support", "routes/api/vendor-support.ts"),
    route("admin/vendor-applications", "routes/api/admin-vendor-applications.ts"),
    route("admin/vendor-applications/:id/:decision", "routes/api/admin-vendor-application-decision.ts"),
    // Deals API: vendors' own deals and the admins' review (issue #7)
    route("vendor/deals", "routes/api/vendor-deals.ts"),
    route("vendor/deals/:id", "routes/api/vendor-deal.ts"),
    route("vendor/deals/:id/images", "routes/api/vendor-deal-images.ts"),
    route("vendor/deals/:id/:action", "routes/api/vendor-deal-action.ts"),
    route("admin/deals", "routes/api/admin-deals.ts"),
    route("admin/deals/:id", "routes/api/admin-deal.ts"),
    route("admin/deals/:id/:action", "routes/api/admin-deal-action.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
