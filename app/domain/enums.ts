// The product's fixed value lists and their types. Plain data with no drizzle import, so a
// screen can use them without pulling the database layer into the browser bundle (schema.ts
// builds its CHECK constraints from these and re-exports them).
export const ROLES = ["USER", "VENDOR", "ADMIN"] as const;
export const LANGUAGES = ["he", "en"] as const;
export const AUTH_PROVIDER_TYPES = [
  "password",
  "google",
  "apple",
  "facebook",
  "github",
  "passkey",
  "magic",
  "replit",
] as const;
export const TWO_FA_TYPES = ["totp", "sms"] as const;
export const CATEGORIES = ["vegetables", "fruits", "herbs", "sprouts", "mushrooms"] as const;
export const DEAL_STATUSES = ["DRAFT", "ACTIVE", "ENDED", "ARCHIVED"] as const;
export const GROUP_STATUSES = ["OPEN", "CLOSED", "FULFILLED"] as const;
export const DELIVERY_TYPES = ["PICKUP", "DELIVERY"] as const;
export const PAYMENT_METHODS = ["CASH", "CREDIT_CARD", "BANK_TRANSFER"] as const;
export const ORDER_STATUSES = ["PENDING", "PAID", "CANCELED", "FULFILLED", "REFUNDED"] as const;
export const NOTIFICATION_TYPES = [
  "REVIEW_REMINDER",
  "ORDER_DELIVERED",
  "GROUP_COMPLETE",
  "DEAL_ENDING",
  // For admins: something waits for them (an application, a deal to review) or a week closed.
  "ADMIN_ATTENTION",
] as const;
export const SESSION_KINDS = ["web", "api"] as const;
export const VENDOR_APPLICATION_STATUSES = ["PENDING", "APPROVED", "REJECTED"] as const;
/** A mail in the outbox: waiting to go (or to be tried again), being sent, sent, or given up on. */
export const OUTBOX_STATUSES = ["WAITING", "SENDING", "SENT", "FAILED"] as const;
/** Where a stored message came from: the public contact form or a vendor's support form. */
export const MESSAGE_KINDS = ["contact", "vendor-support"] as const;

export type Role = (typeof ROLES)[number];
export type Language = (typeof LANGUAGES)[number];
export type Category = (typeof CATEGORIES)[number];
export type DealStatus = (typeof DEAL_STATUSES)[number];
export type GroupStatus = (typeof GROUP_STATUSES)[number];
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type VendorApplicationStatus = (typeof VENDOR_APPLICATION_STATUSES)[number];
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
