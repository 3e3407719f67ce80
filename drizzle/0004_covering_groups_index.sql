DROP INDEX `groups_deal_status_idx`;--> statement-breakpoint
CREATE INDEX `groups_deal_status_idx` ON `groups` (`deal_id`,`status`,`community_id`,`weekly_cycle_id`,`current_qty`,`target_qty`,`id`);