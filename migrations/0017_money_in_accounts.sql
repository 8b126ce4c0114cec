CREATE TABLE `cuentas_recaudo` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`nombre_orden` text,
	`metodo_pago_id` integer NOT NULL,
	`banco_id` integer,
	`tipo_cuenta` text,
	`numero` text,
	`titular` text,
	`tipo_documento` text,
	`documento` text,
	`criptomoneda_id` integer,
	`red` text,
	`direccion` text,
	`orden` integer,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`metodo_pago_id`) REFERENCES `metodos_pago`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`banco_id`) REFERENCES `bancos`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`criptomoneda_id`) REFERENCES `mp_criptomonedas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cuentas_recaudo_nombre_uq` ON `cuentas_recaudo` (`nombre`);--> statement-breakpoint
CREATE INDEX `cuentas_recaudo_activo_idx` ON `cuentas_recaudo` (`activo`,`orden`);--> statement-breakpoint
CREATE INDEX `cuentas_recaudo_nombre_orden_idx` ON `cuentas_recaudo` (`nombre_orden`);--> statement-breakpoint
ALTER TABLE `compras` ADD `rechazo_motivo` text;--> statement-breakpoint
ALTER TABLE `compras` ADD `rechazado_at` integer;--> statement-breakpoint
ALTER TABLE `compras` ADD `recordatorio_at` integer;