CREATE TABLE `certificados_lotes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`anio` integer NOT NULL,
	`estado` text DEFAULT 'EN_CURSO' NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`generados` integer DEFAULT 0 NOT NULL,
	`creado_por` integer,
	`creado_at` integer NOT NULL,
	`terminado_at` integer,
	FOREIGN KEY (`creado_por`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `parametros_retencion` (
	`id` integer PRIMARY KEY NOT NULL,
	`tasa_natural` integer DEFAULT 1000 NOT NULL,
	`tasa_juridica` integer DEFAULT 1100 NOT NULL,
	`umbral_uvt` integer DEFAULT 3300 NOT NULL,
	`fuente` text NOT NULL,
	`agente_nit` text,
	`agente_razon_social` text,
	`agente_direccion` text,
	`agente_ciudad` text,
	`updated_at` integer NOT NULL,
	`updated_by` integer,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `retractos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`compra_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`motivo` text NOT NULL,
	`estado` text DEFAULT 'PENDIENTE' NOT NULL,
	`limite` text NOT NULL,
	`reembolso` integer,
	`reembolso_at` integer,
	`decidido_por` integer,
	`decidido_at` integer,
	`comentario` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`compra_id`) REFERENCES `compras`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decidido_por`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `retractos_compra_idx` ON `retractos` (`compra_id`);--> statement-breakpoint
CREATE INDEX `retractos_estado_idx` ON `retractos` (`estado`,`id`);--> statement-breakpoint
CREATE TABLE `uvt_valores` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`anio` integer NOT NULL,
	`valor` integer NOT NULL,
	`fuente` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` integer,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uvt_valores_anio_unique` ON `uvt_valores` (`anio`);--> statement-breakpoint
ALTER TABLE `informacion_pago` ADD `tipo_persona` text DEFAULT 'NATURAL' NOT NULL;--> statement-breakpoint
ALTER TABLE `informacion_pago` ADD `nit` text;--> statement-breakpoint
ALTER TABLE `ciclo_bonificacion_user` ADD `retencion` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ciclo_bonificacion_user` ADD `retencion_tasa` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ciclo_bonificacion_user` ADD `neto` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ciclos_bonificacion` ADD `retencion` text;