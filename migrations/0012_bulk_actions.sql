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
ALTER TABLE `state_history` ADD `lote` text;--> statement-breakpoint
CREATE INDEX `state_history_lote_idx` ON `state_history` (`lote`);