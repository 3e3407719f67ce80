ALTER TABLE `orders` ADD `pickup_reminded_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `mail_deadline_reminder` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `mail_weekly_digest` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `weekly_cycles` ADD `digest_mailed_at` integer;