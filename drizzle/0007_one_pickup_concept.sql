-- One pickup concept (issue #45): a community's place and time are its pickup points alone.
--
-- 1. Each community's own address and time become a pickup point of its own, unless an active
--    point of the community already has that address (spaces and case aside): the shoppers
--    were promised that place, and /shipping offered the points. The new point opens on the
--    community's pickup day at its pickup time and, the community having had no end time,
--    closes three hours later (23:59 at the latest, never past midnight), the length of the
--    pickup windows the organisers set on their points. It counts as the community's first
--    point: its created_at is just before that of the community's oldest point.
-- 2. Pickup orders that name no point (placed before pickup points, or through the API without
--    one) get the point with the community's address, so every order names the place it is
--    collected from.
-- 3. The community's pickup_address, pickup_time and pickup_day columns go. The weekly cycle's
--    pickup date is taken from the points: the first opening of an active point after the
--    order deadline (domain/cycle-schedule.ts); an open cycle keeps the date it was given.
--
-- Migrations run with foreign keys off (db/client.server.ts migrateDatabase), so rebuilding
-- communities below cascades into none of its child tables.
INSERT INTO `pickup_points` (`id`, `community_id`, `address`, `instructions`, `contact_phone`, `pickup_days`, `pickup_start_time`, `pickup_end_time`, `is_active`, `created_at`)
SELECT
	lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + abs(random()) % 4, 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
	c.`id`,
	trim(c.`pickup_address`),
	NULL,
	c.`contact_phone`,
	json_array(c.`pickup_day`),
	c.`pickup_time`,
	CASE
		WHEN time(c.`pickup_time`) IS NULL OR c.`pickup_time` >= '21:00' THEN '23:59'
		ELSE substr(time(c.`pickup_time`, '+3 hours'), 1, 5)
	END,
	1,
	min(c.`created_at`, coalesce((SELECT min(p.`created_at`) FROM `pickup_points` p WHERE p.`community_id` = c.`id`) - 1, c.`created_at`))
FROM `communities` c
WHERE NOT EXISTS (
	SELECT 1 FROM `pickup_points` p
	WHERE p.`community_id` = c.`id` AND p.`is_active` = 1 AND lower(trim(p.`address`)) = lower(trim(c.`pickup_address`))
);
--> statement-breakpoint
UPDATE `orders` SET `pickup_point_id` = (
	SELECT p.`id` FROM `pickup_points` p JOIN `communities` c ON c.`id` = p.`community_id`
	WHERE p.`community_id` = `orders`.`community_id` AND p.`is_active` = 1 AND lower(trim(p.`address`)) = lower(trim(c.`pickup_address`))
	ORDER BY p.`created_at`, p.`id` LIMIT 1
)
WHERE `delivery_type` = 'PICKUP' AND `pickup_point_id` IS NULL AND `community_id` IS NOT NULL;
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_communities` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`contact_phone` text,
	`is_active` integer DEFAULT true NOT NULL,
	`deadline_day` integer DEFAULT 4 NOT NULL,
	`deadline_time` text DEFAULT '20:00' NOT NULL,
	`weekly_target_revenue` integer DEFAULT 1000000 NOT NULL,
	`delivery_enabled` integer DEFAULT true NOT NULL,
	`delivery_fee` integer DEFAULT 1500 NOT NULL,
	`free_delivery_from` integer DEFAULT 15000,
	`delivery_days_min` integer DEFAULT 2 NOT NULL,
	`delivery_days_max` integer DEFAULT 5 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "communities_deadline_day_check" CHECK(deadline_day between 0 and 6)
);
--> statement-breakpoint
INSERT INTO `__new_communities`("id", "name", "description", "contact_phone", "is_active", "deadline_day", "deadline_time", "weekly_target_revenue", "delivery_enabled", "delivery_fee", "free_delivery_from", "delivery_days_min", "delivery_days_max", "created_at") SELECT "id", "name", "description", "contact_phone", "is_active", "deadline_day", "deadline_time", "weekly_target_revenue", "delivery_enabled", "delivery_fee", "free_delivery_from", "delivery_days_min", "delivery_days_max", "created_at" FROM `communities`;--> statement-breakpoint
DROP TABLE `communities`;--> statement-breakpoint
ALTER TABLE `__new_communities` RENAME TO `communities`;--> statement-breakpoint
PRAGMA foreign_keys=ON;