// The route table: both spec documents' routes, the footer's links, and the /api calls.
import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/** A page whose screen is not built yet: it exists, answers 200 and says it is coming. */
const comingSoon = (path: string, id: string) => route(path, "routes/coming-soon.tsx", { id });

export default [
  index("routes/home.tsx"),

  // Accounts (accounts-admin.md)
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("logout", "routes/logout.ts"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("auth/magic", "routes/auth-magic.ts"),
  route("onboarding/community", "routes/onboarding-community.tsx"),
  route("profile", "routes/profile.tsx"),
  route("profile/edit", "routes/profile-edit.tsx"),
  route("settings", "routes/settings.tsx"),
  route("admin", "routes/admin.tsx"),
  route("admin/create", "routes/admin-create.tsx"),
  route("admin/cycles", "routes/admin-cycles.tsx"),
  route("admin/cycles/:id", "routes/admin-cycle.tsx"),
  route("admin/cycles/:id/csv", "routes/admin-cycle-csv.ts"),

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
  route("favorites", "routes/favorites.tsx"),
  route("notifications", "routes/notifications.tsx"),
  comingSoon("groups", "groups"),

  // Static pages and the vendor area linked from the footer
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("faq", "routes/faq.tsx"),
  comingSoon("vendor", "vendor"),
  comingSoon("vendor/dashboard", "vendor-dashboard"),
  comingSoon("vendor/new-deal", "vendor-new-deal"),
  comingSoon("vendor/guide", "vendor-guide"),
  comingSoon("vendor/support", "vendor-support"),

  // Resource routes
  route("theme", "routes/theme.ts"),
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
    // Admin API
    route("admin/create-admin", "routes/api/admin-create.ts"),
    route("admin/:view", "routes/api/admin.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
