ALTER TABLE `activity` ADD `write_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `activity_write_key_idx` ON `activity` (`write_key`);