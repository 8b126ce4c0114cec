CREATE TABLE `privacidad_depuracion` (
	`id` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `privacidad_incidentes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`descripcion` text NOT NULL,
	`detectado_el` text NOT NULL,
	`datos` text NOT NULL,
	`miembros` text DEFAULT '[]' NOT NULL,
	`vence_sic` text NOT NULL,
	`reportado_sic_at` integer,
	`registrado_por` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `privacidad_incidentes_vence_idx` ON `privacidad_incidentes` (`vence_sic`);--> statement-breakpoint
CREATE TABLE `privacidad_solicitudes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`radicado` text NOT NULL,
	`user_id` integer NOT NULL,
	`tipo` text NOT NULL,
	`motivo` text,
	`descripcion` text NOT NULL,
	`estado` text DEFAULT 'RADICADA' NOT NULL,
	`recibida_el` text NOT NULL,
	`vence_el` text NOT NULL,
	`prorrogada_at` integer,
	`motivo_prorroga` text,
	`incompleta_at` integer,
	`requerimiento` text,
	`en_tramite_desde` integer,
	`respuesta` text,
	`respondida_at` integer,
	`respondida_por` integer,
	`avisada_el` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `privacidad_solicitudes_radicado_uq` ON `privacidad_solicitudes` (`radicado`);--> statement-breakpoint
CREATE INDEX `privacidad_solicitudes_user_idx` ON `privacidad_solicitudes` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `privacidad_solicitudes_vence_idx` ON `privacidad_solicitudes` (`estado`,`vence_el`);--> statement-breakpoint
CREATE TABLE `privacidad_supresiones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`solicitud_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`seudonimo` text NOT NULL,
	`valores` text DEFAULT '[]' NOT NULL,
	`estado` text DEFAULT 'EN_CURSO' NOT NULL,
	`paso` integer DEFAULT 0 NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`filas` integer DEFAULT 0 NOT NULL,
	`conservar_hasta` integer NOT NULL,
	`lease_until` integer,
	`created_at` integer NOT NULL,
	`terminada_at` integer,
	`depurada_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `privacidad_supresiones_solicitud_uq` ON `privacidad_supresiones` (`solicitud_id`);--> statement-breakpoint
CREATE INDEX `privacidad_supresiones_estado_idx` ON `privacidad_supresiones` (`estado`,`conservar_hasta`);