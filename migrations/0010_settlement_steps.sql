ALTER TABLE `ciclos_bonificacion` ADD `lease_owner` text;--> statement-breakpoint
ALTER TABLE `ciclos_bonificacion` ADD `hasta` integer;--> statement-breakpoint
ALTER TABLE `ciclos_bonificacion` ADD `miembros` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ciclos_bonificacion` ADD `miembros_hechos` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ciclos_bonificacion` ADD `pasos` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ciclos_bonificacion` ADD `ultimo_error` text;--> statement-breakpoint
ALTER TABLE `ciclos_bonificacion` ADD `tasas` text;--> statement-breakpoint
-- A run started before the steps kept no per-chunk user rows: it starts its chunks again (lines are unique, so none is written twice).
UPDATE `ciclos_bonificacion` SET `cursor` = 0, `lease_until` = NULL WHERE `estado` = 'EN_PROCESO';
