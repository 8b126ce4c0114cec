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
CREATE TABLE `privacy_notices` (
	`version` integer PRIMARY KEY NOT NULL,
	`texto` text NOT NULL,
	`publicado_at` integer NOT NULL,
	`publicado_por` integer,
	FOREIGN KEY (`publicado_por`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `privacy_purposes` (
	`version` integer NOT NULL,
	`codigo` text NOT NULL,
	`nombre` text NOT NULL,
	`texto` text NOT NULL,
	`obligatoria` integer DEFAULT false NOT NULL,
	`sensible` integer DEFAULT false NOT NULL,
	`orden` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`version`, `codigo`),
	FOREIGN KEY (`version`) REFERENCES `privacy_notices`(`version`) ON UPDATE no action ON DELETE no action
);
