ALTER TABLE `orders` ADD `checkout_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `quantity_price_at_purchase` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `price_raised_at` integer;--> statement-breakpoint
CREATE INDEX `orders_checkout_idx` ON `orders` (`checkout_id`);--> statement-breakpoint
-- Orders placed before the column: a checkout wrote its orders in one transaction, for one person,
-- week and way of delivery, within a moment; the first of them names the checkout.
UPDATE `orders` SET `checkout_id` = (
	SELECT f.`id` FROM `orders` f
	WHERE f.`user_id` = `orders`.`user_id` AND f.`weekly_cycle_id` IS `orders`.`weekly_cycle_id`
		AND f.`delivery_type` = `orders`.`delivery_type`
		AND f.`created_at` BETWEEN `orders`.`created_at` - 1000 AND `orders`.`created_at`
	ORDER BY f.`created_at`, f.`rowid` LIMIT 1
);
