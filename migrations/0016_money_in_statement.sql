CREATE TABLE `extracto_movimientos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`extracto_id` integer NOT NULL,
	`fila` integer NOT NULL,
	`fecha` text,
	`valor` integer NOT NULL,
	`descripcion` text NOT NULL,
	`referencia_compra_id` integer,
	`resultado` text,
	`motivo` text,
	`compra_id` integer,
	`candidatos` text,
	`confirmacion` text,
	`confirmado_at` integer,
	FOREIGN KEY (`extracto_id`) REFERENCES `extractos`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `extracto_movimientos_extracto_idx` ON `extracto_movimientos` (`extracto_id`,`id`);--> statement-breakpoint
CREATE INDEX `extracto_movimientos_resultado_idx` ON `extracto_movimientos` (`extracto_id`,`resultado`,`id`);--> statement-breakpoint
CREATE INDEX `extracto_movimientos_referencia_idx` ON `extracto_movimientos` (`extracto_id`,`referencia_compra_id`,`valor`);--> statement-breakpoint
CREATE TABLE `extractos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_name` text NOT NULL,
	`estado` text DEFAULT 'CONCILIANDO' NOT NULL,
	`movimientos` integer NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`confirm_cursor` integer DEFAULT 0 NOT NULL,
	`confirmadas` integer DEFAULT 0 NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `extractos_created_idx` ON `extractos` (`created_at`);--> statement-breakpoint
CREATE TABLE `pasarela_transacciones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`proveedor` text NOT NULL,
	`transaccion_id` text NOT NULL,
	`referencia` text NOT NULL,
	`compra_id` integer,
	`estado` text NOT NULL,
	`valor` integer NOT NULL,
	`moneda` text NOT NULL,
	`resultado` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`compra_id`) REFERENCES `compras`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pasarela_transacciones_uq` ON `pasarela_transacciones` (`proveedor`,`transaccion_id`);--> statement-breakpoint
CREATE INDEX `pasarela_transacciones_compra_idx` ON `pasarela_transacciones` (`compra_id`);--> statement-breakpoint
CREATE INDEX `compras_estado_total_idx` ON `compras` (`estado`,`total`);