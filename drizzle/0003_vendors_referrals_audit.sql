CREATE TABLE `referral_signups` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referral_signups_user_unique` ON `referral_signups` (`user_id`);--> statement-breakpoint
CREATE INDEX `referral_signups_referral_idx` ON `referral_signups` (`referral_id`);--> statement-breakpoint
CREATE TABLE `vendor_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`business_name` text NOT NULL,
	`contact_name` text NOT NULL,
	`phone` text NOT NULL,
	`email` text NOT NULL,
	`description` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`review_note` text,
	`reviewed_by_user_id` text,
	`reviewed_at` integer,
	`vendor_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "vendor_applications_status_check" CHECK(status in ('PENDING', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
CREATE INDEX `vendor_applications_status_created_idx` ON `vendor_applications` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `vendor_applications_user_idx` ON `vendor_applications` (`user_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`kind` text DEFAULT 'contact' NOT NULL,
	`read_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "contact_messages_kind_check" CHECK(kind in ('contact', 'vendor-support'))
);
--> statement-breakpoint
INSERT INTO `__new_contact_messages`("id", "user_id", "name", "email", "phone", "subject", "message", "kind", "read_at", "created_at") SELECT "id", "user_id", "name", "email", "phone", "subject", "message", 'contact', "read_at", "created_at" FROM `contact_messages`;--> statement-breakpoint
DROP TABLE `contact_messages`;--> statement-breakpoint
ALTER TABLE `__new_contact_messages` RENAME TO `contact_messages`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
ALTER TABLE `deals` ADD `submitted_at` integer;--> statement-breakpoint
ALTER TABLE `deals` ADD `review_note` text;--> statement-breakpoint
ALTER TABLE `event_logs` ADD `actor_user_id` text REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `event_logs_created_idx` ON `event_logs` (`created_at`);--> statement-breakpoint
ALTER TABLE `referrals` ADD `community_id` text REFERENCES communities(id);--> statement-breakpoint
ALTER TABLE `referrals` ADD `created_at` integer;--> statement-breakpoint
CREATE INDEX `referrals_creator_idx` ON `referrals` (`created_by_user_id`);--> statement-breakpoint
ALTER TABLE `vendors` ADD `user_id` text REFERENCES users(id);--> statement-breakpoint
CREATE UNIQUE INDEX `vendors_user_unique` ON `vendors` (`user_id`);