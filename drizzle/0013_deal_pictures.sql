CREATE TABLE `deal_pictures` (
	`hash` text NOT NULL,
	`width` integer NOT NULL,
	`content_type` text NOT NULL,
	`bytes` blob NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`hash`, `width`)
);
