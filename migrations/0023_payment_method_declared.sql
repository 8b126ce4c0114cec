ALTER TABLE `compras` ADD `cuenta_recaudo_id` integer REFERENCES cuentas_recaudo(id);--> statement-breakpoint
CREATE INDEX `compras_cuenta_recaudo_idx` ON `compras` (`cuenta_recaudo_id`);--> statement-breakpoint
ALTER TABLE `pasarela_transacciones` ADD `metodo` text;