CREATE TABLE `deal_search` (
	`deal_id` text PRIMARY KEY NOT NULL,
	`title_terms` text NOT NULL,
	`all_terms` text NOT NULL,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Issue #47: deal_search holds each deal's search terms, computed in the app (the Hebrew rules
-- of domain/hebrew-search.ts cannot be written in SQL). These triggers make any write of a deal's
-- title or text, by any service or by raw SQL, drop its row; the search service fills every deal
-- that has no row, in the transaction it reads them in, before it searches. So the deals already
-- here are filled at the first search, and no writer of deals has to remember the index.
CREATE TRIGGER `deal_search_stale_on_insert` AFTER INSERT ON `deals` BEGIN
	DELETE FROM `deal_search` WHERE `deal_id` = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `deal_search_stale_on_update` AFTER UPDATE OF `title`, `description` ON `deals` BEGIN
	DELETE FROM `deal_search` WHERE `deal_id` = old.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `deal_search_gone_on_delete` AFTER DELETE ON `deals` BEGIN
	DELETE FROM `deal_search` WHERE `deal_id` = old.`id`;
END;
