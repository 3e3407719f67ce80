ALTER TABLE `weekly_cycles` ADD `reminder_sent_at` integer;--> statement-breakpoint
ALTER TABLE `weekly_cycles` ADD `goal_missed` integer DEFAULT false NOT NULL;