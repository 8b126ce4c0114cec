CREATE TABLE `data_access_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`actor_id` integer NOT NULL,
	`rol` text NOT NULL,
	`area` text NOT NULL,
	`dato` text NOT NULL,
	`ruta` text NOT NULL,
	`ip` text,
	`user_agent` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `data_access_log_owner_idx` ON `data_access_log` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `data_access_log_no_update` BEFORE UPDATE ON `data_access_log`
BEGIN SELECT RAISE(ABORT, 'data_access_log es de solo inserción'); END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `data_access_log_no_delete` BEFORE DELETE ON `data_access_log`
BEGIN SELECT RAISE(ABORT, 'data_access_log es de solo inserción'); END;
