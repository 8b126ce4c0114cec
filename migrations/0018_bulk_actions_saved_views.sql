CREATE TABLE `lotes` (
	`id` text PRIMARY KEY NOT NULL,
	`recurso` text NOT NULL,
	`accion` text NOT NULL,
	`user_id` integer NOT NULL,
	`parametros` text DEFAULT '{}' NOT NULL,
	`ids` text NOT NULL,
	`total` integer NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`hechos` integer DEFAULT 0 NOT NULL,
	`omitidos` integer DEFAULT 0 NOT NULL,
	`estado` text DEFAULT 'EN_CURSO' NOT NULL,
	`lease_until` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lotes_user_idx` ON `lotes` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `vistas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`grid` text NOT NULL,
	`nombre` text NOT NULL,
	`estado` text NOT NULL,
	`alcance` text DEFAULT 'PERSONAL' NOT NULL,
	`user_id` integer NOT NULL,
	`role_id` integer,
	`predeterminada` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vistas_grid_idx` ON `vistas` (`grid`,`alcance`);--> statement-breakpoint
CREATE UNIQUE INDEX `vistas_default_role_uq` ON `vistas` (`grid`,`role_id`) WHERE predeterminada = 1;--> statement-breakpoint
ALTER TABLE `state_history` ADD `lote` text;--> statement-breakpoint
CREATE INDEX `state_history_lote_idx` ON `state_history` (`lote`);