CREATE TABLE `consent_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`finalidad` text NOT NULL,
	`otorgada` integer NOT NULL,
	`version` integer NOT NULL,
	`canal` text NOT NULL,
	`evidencia` text,
	`actor_id` integer,
	`ip` text,
	`user_agent` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `consent_ledger_user_idx` ON `consent_ledger` (`user_id`,`finalidad`,`id`);--> statement-breakpoint
CREATE TABLE `data_access_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`actor_id` integer NOT NULL,
	`rol` text NOT NULL,
	`area` text NOT NULL,
	`dato` text NOT NULL,
	`ruta` text NOT NULL,
	`ip` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `data_access_log_user_idx` ON `data_access_log` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `data_access_log_actor_idx` ON `data_access_log` (`actor_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `privacy_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer NOT NULL,
	`texto` text NOT NULL,
	`publicado_por` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `privacy_notices_version_unique` ON `privacy_notices` (`version`);--> statement-breakpoint
CREATE TABLE `privacy_purposes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`notice_id` integer NOT NULL,
	`codigo` text NOT NULL,
	`nombre` text NOT NULL,
	`texto` text NOT NULL,
	`obligatoria` integer DEFAULT false NOT NULL,
	`sensible` integer DEFAULT false NOT NULL,
	`orden` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`notice_id`) REFERENCES `privacy_notices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `privacy_purposes_notice_code_uq` ON `privacy_purposes` (`notice_id`,`codigo`);