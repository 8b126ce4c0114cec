CREATE TABLE `facturacion_emisor` (
	`id` integer PRIMARY KEY NOT NULL,
	`nit` text NOT NULL,
	`dv` text NOT NULL,
	`razon_social` text NOT NULL,
	`regimen` text NOT NULL,
	`responsabilidades` text NOT NULL,
	`direccion` text NOT NULL,
	`municipio_dane` text NOT NULL,
	`email` text NOT NULL,
	`telefono` text,
	`updated_at` integer NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `facturas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tipo` text NOT NULL,
	`compra_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`factura_id` integer,
	`resolucion_id` integer,
	`prefijo` text,
	`numero` integer,
	`estado` text DEFAULT 'PENDIENTE' NOT NULL,
	`fecha` integer NOT NULL,
	`total` integer NOT NULL,
	`base` integer NOT NULL,
	`iva` integer NOT NULL,
	`lineas` text NOT NULL,
	`motivo` text,
	`cufe` text,
	`qr` text,
	`pdf_key` text,
	`xml_key` text,
	`proveedor_id` integer,
	`proveedor_numero` text,
	`intentos` integer DEFAULT 0 NOT NULL,
	`proximo_intento_at` integer NOT NULL,
	`ultimo_error` text,
	`emitida_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`compra_id`) REFERENCES `compras`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolucion_id`) REFERENCES `resoluciones_facturacion`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `facturas_compra_tipo_uq` ON `facturas` (`compra_id`,`tipo`);--> statement-breakpoint
CREATE UNIQUE INDEX `facturas_numero_uq` ON `facturas` (`tipo`,`prefijo`,`numero`);--> statement-breakpoint
CREATE INDEX `facturas_resolucion_idx` ON `facturas` (`resolucion_id`,`numero`);--> statement-breakpoint
CREATE INDEX `facturas_pendientes_idx` ON `facturas` (`estado`,`proximo_intento_at`);--> statement-breakpoint
CREATE INDEX `facturas_fecha_idx` ON `facturas` (`fecha`);--> statement-breakpoint
CREATE INDEX `facturas_sin_numero_idx` ON `facturas` (`tipo`,`numero`,`id`);--> statement-breakpoint
CREATE TABLE `resoluciones_facturacion` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`numero` text NOT NULL,
	`prefijo` text NOT NULL,
	`desde` integer NOT NULL,
	`hasta` integer NOT NULL,
	`vigente_desde` text NOT NULL,
	`vigente_hasta` text NOT NULL,
	`proveedor_rango_id` integer,
	`created_at` integer NOT NULL,
	`created_by` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `resoluciones_facturacion_numero_uq` ON `resoluciones_facturacion` (`numero`,`prefijo`);--> statement-breakpoint
CREATE INDEX `resoluciones_facturacion_vigencia_idx` ON `resoluciones_facturacion` (`vigente_desde`,`id`);--> statement-breakpoint
ALTER TABLE `productos` ADD `tarifa_iva` integer DEFAULT 19 NOT NULL;--> statement-breakpoint
ALTER TABLE `tipos_suscripcion` ADD `tarifa_iva` integer DEFAULT 19 NOT NULL;