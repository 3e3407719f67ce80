CREATE TABLE `addresses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`city` text NOT NULL,
	`street` text NOT NULL,
	`house_number` text,
	`notes` text,
	`is_default` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `addresses_user_idx` ON `addresses` (`user_id`);--> statement-breakpoint
CREATE TABLE `auth_providers` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`provider_id` text NOT NULL,
	`meta` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "auth_providers_type_check" CHECK(type in ('password', 'google', 'apple', 'facebook', 'github', 'passkey', 'magic', 'replit'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_providers_type_provider_unique` ON `auth_providers` (`type`,`provider_id`);--> statement-breakpoint
CREATE INDEX `auth_providers_user_idx` ON `auth_providers` (`user_id`);--> statement-breakpoint
CREATE TABLE `cart_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`deal_id` text NOT NULL,
	`group_id` text NOT NULL,
	`qty` integer DEFAULT 1 NOT NULL,
	`added_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "cart_items_qty_check" CHECK(qty >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cart_items_user_deal_unique` ON `cart_items` (`user_id`,`deal_id`);--> statement-breakpoint
CREATE TABLE `communities` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`pickup_day` integer NOT NULL,
	`pickup_time` text NOT NULL,
	`pickup_address` text NOT NULL,
	`contact_phone` text,
	`is_active` integer DEFAULT true NOT NULL,
	`deadline_day` integer DEFAULT 4 NOT NULL,
	`deadline_time` text DEFAULT '20:00' NOT NULL,
	`weekly_target_revenue` integer DEFAULT 1000000 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "communities_pickup_day_check" CHECK(pickup_day between 0 and 6),
	CONSTRAINT "communities_deadline_day_check" CHECK(deadline_day between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE `community_tiers` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`min_revenue` integer NOT NULL,
	`discount_percent` integer NOT NULL,
	`tier_name` text DEFAULT 'regular' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "community_tiers_discount_check" CHECK(discount_percent between 0 and 90),
	CONSTRAINT "community_tiers_min_revenue_check" CHECK(min_revenue >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `community_tiers_min_revenue_unique` ON `community_tiers` (`community_id`,`min_revenue`);--> statement-breakpoint
CREATE TABLE `deal_tiers` (
	`id` text PRIMARY KEY NOT NULL,
	`deal_id` text NOT NULL,
	`threshold_qty` integer NOT NULL,
	`unit_price` integer NOT NULL,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "deal_tiers_threshold_check" CHECK(threshold_qty >= 1),
	CONSTRAINT "deal_tiers_price_check" CHECK(unit_price >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deal_tiers_deal_threshold_unique` ON `deal_tiers` (`deal_id`,`threshold_qty`);--> statement-breakpoint
CREATE TABLE `deals` (
	`id` text PRIMARY KEY NOT NULL,
	`vendor_id` text NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`images` text DEFAULT '[]' NOT NULL,
	`category` text NOT NULL,
	`base_price` integer NOT NULL,
	`currency` text DEFAULT 'ILS' NOT NULL,
	`unit` text NOT NULL,
	`min_qty` integer DEFAULT 1 NOT NULL,
	`max_qty` integer DEFAULT 1000 NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`start_at` integer,
	`end_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "deals_category_check" CHECK(category in ('vegetables', 'fruits', 'herbs', 'sprouts', 'mushrooms')),
	CONSTRAINT "deals_status_check" CHECK(status in ('DRAFT', 'ACTIVE', 'ENDED', 'ARCHIVED')),
	CONSTRAINT "deals_base_price_check" CHECK(base_price >= 0),
	CONSTRAINT "deals_qty_bounds_check" CHECK(min_qty >= 1 and max_qty >= min_qty)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deals_slug_unique` ON `deals` (`slug`);--> statement-breakpoint
CREATE INDEX `deals_status_category_idx` ON `deals` (`status`,`category`);--> statement-breakpoint
CREATE INDEX `deals_status_created_idx` ON `deals` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `deals_vendor_idx` ON `deals` (`vendor_id`);--> statement-breakpoint
CREATE TABLE `event_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`payload` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `event_logs_type_created_idx` ON `event_logs` (`type`,`created_at`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`deal_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favorites_user_deal_unique` ON `favorites` (`user_id`,`deal_id`);--> statement-breakpoint
CREATE TABLE `groups` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`weekly_cycle_id` text NOT NULL,
	`deal_id` text,
	`region` text,
	`target_revenue` integer DEFAULT 1000000 NOT NULL,
	`current_revenue` integer DEFAULT 0 NOT NULL,
	`current_qty` integer DEFAULT 0 NOT NULL,
	`target_qty` integer DEFAULT 100 NOT NULL,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`weekly_cycle_id`) REFERENCES `weekly_cycles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "groups_status_check" CHECK(status in ('OPEN', 'CLOSED', 'FULFILLED')),
	CONSTRAINT "groups_revenue_check" CHECK(current_revenue >= 0 and current_qty >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `groups_cycle_deal_unique` ON `groups` (`weekly_cycle_id`,`deal_id`);--> statement-breakpoint
CREATE INDEX `groups_deal_status_idx` ON `groups` (`deal_id`,`status`);--> statement-breakpoint
CREATE INDEX `groups_community_idx` ON `groups` (`community_id`);--> statement-breakpoint
CREATE TABLE `magic_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`meta` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `magic_tokens_hash_unique` ON `magic_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `magic_tokens_email_idx` ON `magic_tokens` (`email`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`data` text,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notifications_type_check" CHECK(type in ('REVIEW_REMINDER', 'ORDER_DELIVERED', 'GROUP_COMPLETE', 'DEAL_ENDING'))
);
--> statement-breakpoint
CREATE INDEX `notifications_user_read_created_idx` ON `notifications` (`user_id`,`is_read`,`created_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`deal_id` text NOT NULL,
	`group_id` text,
	`community_id` text,
	`pickup_point_id` text,
	`weekly_cycle_id` text,
	`qty` integer NOT NULL,
	`unit_price_at_purchase` integer NOT NULL,
	`original_total` integer NOT NULL,
	`total` integer NOT NULL,
	`delivery_type` text DEFAULT 'PICKUP' NOT NULL,
	`delivery_fee` integer DEFAULT 0 NOT NULL,
	`delivery_address` text,
	`delivery_phone` text,
	`delivery_notes` text,
	`payment_method` text DEFAULT 'CASH' NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`payment_intent_id` text,
	`paid_at` integer,
	`fulfilled_at` integer,
	`canceled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pickup_point_id`) REFERENCES `pickup_points`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`weekly_cycle_id`) REFERENCES `weekly_cycles`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "orders_qty_check" CHECK(qty >= 1),
	CONSTRAINT "orders_money_check" CHECK(unit_price_at_purchase >= 0 and original_total >= 0 and total >= 0 and delivery_fee >= 0),
	CONSTRAINT "orders_delivery_type_check" CHECK(delivery_type in ('PICKUP', 'DELIVERY')),
	CONSTRAINT "orders_payment_method_check" CHECK(payment_method in ('CASH', 'CREDIT_CARD', 'BANK_TRANSFER')),
	CONSTRAINT "orders_status_check" CHECK(status in ('PENDING', 'PAID', 'CANCELED', 'FULFILLED', 'REFUNDED'))
);
--> statement-breakpoint
CREATE INDEX `orders_user_created_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_cycle_status_idx` ON `orders` (`weekly_cycle_id`,`status`);--> statement-breakpoint
CREATE INDEX `orders_group_idx` ON `orders` (`group_id`);--> statement-breakpoint
CREATE INDEX `orders_deal_user_idx` ON `orders` (`deal_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`credential_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`device_info` text,
	`last_used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `passkeys_credential_unique` ON `passkeys` (`credential_id`);--> statement-breakpoint
CREATE INDEX `passkeys_user_idx` ON `passkeys` (`user_id`);--> statement-breakpoint
CREATE TABLE `pickup_points` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`address` text NOT NULL,
	`instructions` text,
	`contact_phone` text,
	`pickup_days` text DEFAULT '[]' NOT NULL,
	`pickup_start_time` text NOT NULL,
	`pickup_end_time` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pickup_points_community_idx` ON `pickup_points` (`community_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`id` text PRIMARY KEY NOT NULL,
	`identifier` text NOT NULL,
	`action` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_attempt_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`blocked_until` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rate_limits_identifier_action_unique` ON `rate_limits` (`identifier`,`action`);--> statement-breakpoint
CREATE TABLE `referrals` (
	`id` text PRIMARY KEY NOT NULL,
	`deal_id` text,
	`ref_code` text NOT NULL,
	`created_by_user_id` text NOT NULL,
	`reward_type` text,
	`reward_value` integer,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referrals_ref_code_unique` ON `referrals` (`ref_code`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`deal_id` text NOT NULL,
	`order_id` text,
	`rating` integer NOT NULL,
	`comment` text,
	`is_verified` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reviews_rating_check" CHECK(rating between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_order_unique` ON `reviews` (`order_id`);--> statement-breakpoint
CREATE INDEX `reviews_deal_created_idx` ON `reviews` (`deal_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`sess` text NOT NULL,
	`expire` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `two_fa` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`secret` text,
	`phone` text,
	`backup_codes` text DEFAULT '[]' NOT NULL,
	`is_enabled` integer DEFAULT true NOT NULL,
	`enabled_at` integer,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "two_fa_type_check" CHECK(type in ('totp', 'sms'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `two_fa_user_unique` ON `two_fa` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`name` text,
	`first_name` text,
	`last_name` text,
	`profile_image_url` text,
	`phone` text,
	`community_id` text,
	`role` text DEFAULT 'USER' NOT NULL,
	`email_notifications` integer DEFAULT true NOT NULL,
	`sms_notifications` integer DEFAULT false NOT NULL,
	`push_notifications` integer DEFAULT true NOT NULL,
	`language` text DEFAULT 'he' NOT NULL,
	`last_login_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "users_role_check" CHECK(role in ('USER', 'VENDOR', 'ADMIN')),
	CONSTRAINT "users_language_check" CHECK(language in ('he', 'en'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_community_idx` ON `users` (`community_id`);--> statement-breakpoint
CREATE TABLE `vendors` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`contact` text,
	`description` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `weekly_cycles` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`week_start_date` text NOT NULL,
	`order_deadline` integer NOT NULL,
	`pickup_date` integer NOT NULL,
	`target_revenue` integer DEFAULT 1000000 NOT NULL,
	`current_revenue` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`closed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "weekly_cycles_revenue_check" CHECK(current_revenue >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `weekly_cycles_community_week_unique` ON `weekly_cycles` (`community_id`,`week_start_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `weekly_cycles_one_active_per_community` ON `weekly_cycles` (`community_id`) WHERE is_active = 1;--> statement-breakpoint
CREATE INDEX `weekly_cycles_deadline_idx` ON `weekly_cycles` (`is_active`,`order_deadline`);