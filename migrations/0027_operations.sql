CREATE TABLE `job_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job` text NOT NULL,
	`origen` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`resultado` text NOT NULL,
	`duracion_ms` integer,
	`resumen` text,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `job_runs_job_idx` ON `job_runs` (`job`,`started_at`);--> statement-breakpoint
CREATE TABLE `ops_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`clave` text NOT NULL,
	`titulo` text NOT NULL,
	`detalle` text NOT NULL,
	`opened_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`notified_at` integer,
	`cleared_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ops_alerts_open_uq` ON `ops_alerts` (`clave`) WHERE cleared_at is null;--> statement-breakpoint
CREATE INDEX `ops_alerts_opened_idx` ON `ops_alerts` (`opened_at`);--> statement-breakpoint
CREATE TABLE `request_metrics` (
	`minute` integer NOT NULL,
	`bucket` integer NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`errors` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`minute`, `bucket`)
);
--> statement-breakpoint
ALTER TABLE `outbox` ADD `estado` text DEFAULT 'PENDIENTE' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `intentos` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `ultimo_intento_at` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `ultimo_error` text;--> statement-breakpoint
CREATE INDEX `outbox_estado_idx` ON `outbox` (`estado`,`id`);