CREATE TABLE `vendor_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`weekly_cycle_id` text NOT NULL,
	`vendor_id` text NOT NULL,
	`amount` integer NOT NULL,
	`paid_at` integer NOT NULL,
	`paid_by_user_id` text,
	FOREIGN KEY (`weekly_cycle_id`) REFERENCES `weekly_cycles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`paid_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vendor_payouts_cycle_vendor_unique` ON `vendor_payouts` (`weekly_cycle_id`,`vendor_id`);--> statement-breakpoint
CREATE INDEX `vendor_payouts_vendor_idx` ON `vendor_payouts` (`vendor_id`);--> statement-breakpoint
-- Hand-written: drizzle-kit rebuilds the table to add a CHECK (and selects the new column from
-- the old table); SQLite adds a column with its own CHECK in place, which keeps the deal search
-- triggers and every foreign key as they are.
ALTER TABLE `deals` ADD `stock` integer CONSTRAINT "deals_stock_check" CHECK(stock is null or stock >= 0);--> statement-breakpoint
ALTER TABLE `weekly_cycles` ADD `market_share_bp` integer;