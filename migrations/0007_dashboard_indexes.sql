DROP INDEX `compras_estado_idx`;--> statement-breakpoint
CREATE INDEX `compras_ventas_idx` ON `compras` (`estado`,`pagado_at`,`total`);--> statement-breakpoint
CREATE INDEX `compras_estado_idx` ON `compras` (`estado`,`created_at`,`total`);--> statement-breakpoint
DROP INDEX `suscripciones_estado_idx`;--> statement-breakpoint
CREATE INDEX `suscripciones_estado_idx` ON `suscripciones` (`estado`,`fecha_fin`,`fecha_inicio`);