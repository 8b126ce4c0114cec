CREATE TABLE `ciclo_bonificacion_user` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ciclo_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`total` integer NOT NULL,
	`lineas` integer NOT NULL,
	`estado` text DEFAULT 'NO_PAGADO' NOT NULL,
	`pagado_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`ciclo_id`) REFERENCES `ciclos_bonificacion`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cbu_ciclo_user_uq` ON `ciclo_bonificacion_user` (`ciclo_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `cbu_user_idx` ON `ciclo_bonificacion_user` (`user_id`,`ciclo_id`);--> statement-breakpoint
CREATE INDEX `cbu_estado_idx` ON `ciclo_bonificacion_user` (`ciclo_id`,`estado`);--> statement-breakpoint
CREATE TABLE `ciclo_bonificacion_user_referido` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ciclo_id` integer NOT NULL,
	`beneficiario_id` integer NOT NULL,
	`compra_id` integer NOT NULL,
	`referido_id` integer NOT NULL,
	`nivel` integer NOT NULL,
	`base` integer NOT NULL,
	`porcentaje` integer NOT NULL,
	`monto` integer NOT NULL,
	`motivo` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`ciclo_id`) REFERENCES `ciclos_bonificacion`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`beneficiario_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`compra_id`) REFERENCES `compras`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`referido_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cbur_uq` ON `ciclo_bonificacion_user_referido` (`beneficiario_id`,`compra_id`,`nivel`,`ciclo_id`);--> statement-breakpoint
CREATE TABLE `ciclos_bonificacion` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`clave` text NOT NULL,
	`inicio` integer NOT NULL,
	`fin` integer NOT NULL,
	`estado` text DEFAULT 'EN_PROCESO' NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`lease_until` integer,
	`total` integer DEFAULT 0 NOT NULL,
	`lineas` integer DEFAULT 0 NOT NULL,
	`usuarios` integer DEFAULT 0 NOT NULL,
	`iniciado_at` integer NOT NULL,
	`liquidado_at` integer,
	`origen` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ciclos_bonificacion_clave_unique` ON `ciclos_bonificacion` (`clave`);--> statement-breakpoint
CREATE TABLE `detalle_bonos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nivel` integer NOT NULL,
	`porcentaje` integer NOT NULL,
	`descripcion` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `detalle_bonos_nivel_unique` ON `detalle_bonos` (`nivel`);--> statement-breakpoint
CREATE INDEX `compras_user_pagado_idx` ON `compras` (`user_id`,`pagado_at`);
--> statement-breakpoint
INSERT INTO detalle_bonos (nivel, porcentaje, descripcion, updated_at) VALUES (1, 1000, 'Referidos directos', 1767225600000), (2, 500, 'Referidos de tus referidos', 1767225600000), (3, 200, 'Tercer nivel', 1767225600000);
