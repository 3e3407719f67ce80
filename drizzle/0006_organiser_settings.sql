CREATE TABLE `site_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`data` text,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notifications_type_check" CHECK(type in ('REVIEW_REMINDER', 'ORDER_DELIVERED', 'GROUP_COMPLETE', 'DEAL_ENDING', 'ADMIN_ATTENTION'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "type", "title", "message", "data", "is_read", "created_at") SELECT "id", "user_id", "type", "title", "message", "data", "is_read", "created_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `notifications_user_read_created_idx` ON `notifications` (`user_id`,`is_read`,`created_at`);--> statement-breakpoint
ALTER TABLE `communities` ADD `delivery_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `communities` ADD `delivery_fee` integer DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE `communities` ADD `free_delivery_from` integer DEFAULT 15000;--> statement-breakpoint
ALTER TABLE `communities` ADD `delivery_days_min` integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE `communities` ADD `delivery_days_max` integer DEFAULT 5 NOT NULL;