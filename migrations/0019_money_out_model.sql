CREATE TABLE `ajustes_bonificacion` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ciclo_user_id` integer NOT NULL,
	`ciclo_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`monto` integer NOT NULL,
	`motivo` text NOT NULL,
	`estado` text DEFAULT 'PENDIENTE' NOT NULL,
	`creado_por` integer NOT NULL,
	`creado_at` integer NOT NULL,
	`decidido_por` integer,
	`decidido_at` integer,
	`comentario` text,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`ciclo_user_id`) REFERENCES `ciclo_bonificacion_user`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ciclo_id`) REFERENCES `ciclos_bonificacion`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`creado_por`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decidido_por`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ajustes_bon_row_idx` ON `ajustes_bonificacion` (`ciclo_user_id`);--> statement-breakpoint
CREATE INDEX `ajustes_bon_estado_idx` ON `ajustes_bonificacion` (`estado`,`ciclo_id`);--> statement-breakpoint
CREATE TABLE `lotes_pago` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ciclo_id` integer NOT NULL,
	`metodo` text NOT NULL,
	`estado` text DEFAULT 'GENERANDO' NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`miembros` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`referencia` text,
	`creado_por` integer,
	`creado_at` integer NOT NULL,
	`pagado_por` integer,
	`pagado_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`ciclo_id`) REFERENCES `ciclos_bonificacion`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`creado_por`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pagado_por`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `lotes_pago_ciclo_idx` ON `lotes_pago` (`ciclo_id`,`metodo`);--> statement-breakpoint
CREATE TABLE `lotes_pago_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lote_id` integer NOT NULL,
	`ciclo_user_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`monto` integer NOT NULL,
	`datos` text NOT NULL,
	FOREIGN KEY (`lote_id`) REFERENCES `lotes_pago`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ciclo_user_id`) REFERENCES `ciclo_bonificacion_user`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lotes_pago_items_uq` ON `lotes_pago_items` (`lote_id`,`ciclo_user_id`);--> statement-breakpoint
CREATE INDEX `lotes_pago_items_row_idx` ON `lotes_pago_items` (`ciclo_user_id`);--> statement-breakpoint
CREATE TABLE `parametros_bonificacion` (
	`id` integer PRIMARY KEY NOT NULL,
	`minimo_pago` integer DEFAULT 2000000 NOT NULL,
	`aprobacion_cierre` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` integer,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `ciclo_bonificacion_user` ADD `bonos` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ciclo_bonificacion_user` ADD `saldo_anterior` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ciclo_bonificacion_user` ADD `ajustes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ciclo_bonificacion_user` ADD `arrastrado_a` integer;--> statement-breakpoint
ALTER TABLE `ciclo_bonificacion_user` ADD `lote_id` integer;--> statement-breakpoint
ALTER TABLE `ciclo_bonificacion_user` ADD `referencia_pago` text;--> statement-breakpoint
ALTER TABLE `ciclo_bonificacion_user` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `ciclos_bonificacion` ADD `minimo_pago` integer;--> statement-breakpoint
ALTER TABLE `ciclos_bonificacion` ADD `aprobado_por` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `ciclos_bonificacion` ADD `aprobado_at` integer;--> statement-breakpoint
UPDATE `ciclo_bonificacion_user` SET `bonos` = `total`;--> statement-breakpoint
INSERT INTO `parametros_bonificacion` (`id`, `minimo_pago`, `aprobacion_cierre`, `updated_at`) VALUES (1, 2000000, 0, 0) ON CONFLICT DO NOTHING;
