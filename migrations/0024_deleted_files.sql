CREATE TABLE `deleted_files` (
	`blob_key` text PRIMARY KEY NOT NULL,
	`deleted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `deleted_files_at_idx` ON `deleted_files` (`deleted_at`);