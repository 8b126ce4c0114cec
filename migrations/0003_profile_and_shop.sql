CREATE TABLE `beneficiarios` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`nombre` text NOT NULL,
	`tipo_identificacion_id` integer,
	`numero_identificacion` text NOT NULL,
	`parentesco_id` integer NOT NULL,
	`porcentaje` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tipo_identificacion_id`) REFERENCES `tipos_identificacion`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`parentesco_id`) REFERENCES `parentescos`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `beneficiarios_user_idx` ON `beneficiarios` (`user_id`);--> statement-breakpoint
CREATE TABLE `informacion_pago` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`metodo_pago_id` integer NOT NULL,
	`banco_id` integer,
	`tipo_cuenta` text,
	`numero_cuenta` text,
	`titular` text,
	`tipo_billetera` text,
	`criptomoneda_id` integer,
	`direccion_billetera` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`metodo_pago_id`) REFERENCES `metodos_pago`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`banco_id`) REFERENCES `bancos`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`criptomoneda_id`) REFERENCES `mp_criptomonedas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `informacion_pago_user_uq` ON `informacion_pago` (`user_id`);--> statement-breakpoint
CREATE TABLE `notificaciones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`titulo` text NOT NULL,
	`mensaje` text NOT NULL,
	`entity` text,
	`entity_id` integer,
	`leida_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `notificaciones_user_idx` ON `notificaciones` (`user_id`,`leida_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `perfil_media` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`blob_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`estado` text DEFAULT 'PENDIENTE' NOT NULL,
	`comentario` text,
	`portada` integer DEFAULT false NOT NULL,
	`orden` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `perfil_media_blobKey_unique` ON `perfil_media` (`blob_key`);--> statement-breakpoint
CREATE INDEX `perfil_media_user_idx` ON `perfil_media` (`user_id`,`orden`);--> statement-breakpoint
CREATE INDEX `perfil_media_estado_idx` ON `perfil_media` (`estado`,`created_at`);--> statement-breakpoint
CREATE TABLE `perfil_opciones` (
	`user_id` integer NOT NULL,
	`catalogo` text NOT NULL,
	`opcion_id` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `perfil_opciones_uq` ON `perfil_opciones` (`user_id`,`catalogo`,`opcion_id`);--> statement-breakpoint
CREATE INDEX `perfil_opciones_catalogo_idx` ON `perfil_opciones` (`catalogo`,`opcion_id`);--> statement-breakpoint
CREATE TABLE `perfil_redes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`red_id` integer NOT NULL,
	`usuario` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `perfil_redes_uq` ON `perfil_redes` (`user_id`,`red_id`);--> statement-breakpoint
CREATE TABLE `perfil_ubicaciones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`pais_id` integer NOT NULL,
	`departamento_id` integer,
	`ciudad_id` integer,
	`zona` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pais_id`) REFERENCES `paises`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`departamento_id`) REFERENCES `departamentos`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ciudad_id`) REFERENCES `ciudades`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `perfil_ubicaciones_user_idx` ON `perfil_ubicaciones` (`user_id`);--> statement-breakpoint
CREATE TABLE `perfiles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`nombre_publico` text,
	`descripcion` text,
	`clasificacion_id` integer,
	`identidad_sexual_id` integer,
	`orientacion_sexual_id` integer,
	`etnia_id` integer,
	`ojos_id` integer,
	`cabello_id` integer,
	`cuerpo_id` integer,
	`piel_id` integer,
	`busto_id` integer,
	`cola_id` integer,
	`polla_id` integer,
	`depilacion_id` integer,
	`estatura_cm` integer,
	`peso_kg` integer,
	`estado` text DEFAULT 'PENDIENTE' NOT NULL,
	`comentario` text,
	`estado_publicacion` text DEFAULT 'PENDIENTE' NOT NULL,
	`comentario_publicacion` text,
	`enviado_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `perfiles_user_uq` ON `perfiles` (`user_id`);--> statement-breakpoint
CREATE INDEX `perfiles_estado_idx` ON `perfiles` (`estado`,`enviado_at`);--> statement-breakpoint
CREATE INDEX `perfiles_publicacion_idx` ON `perfiles` (`estado_publicacion`,`enviado_at`);--> statement-breakpoint
CREATE TABLE `validaciones_identidad` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`frente_key` text,
	`respaldo_key` text,
	`selfie_key` text,
	`estado` text DEFAULT 'PENDIENTE' NOT NULL,
	`comentario` text,
	`enviado_at` integer,
	`revisado_at` integer,
	`revisor_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `validaciones_identidad_user_uq` ON `validaciones_identidad` (`user_id`);--> statement-breakpoint
CREATE INDEX `validaciones_identidad_estado_idx` ON `validaciones_identidad` (`estado`,`enviado_at`);--> statement-breakpoint
CREATE TABLE `carrito` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`producto_id` integer,
	`tipo_suscripcion_id` integer,
	`cantidad` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`producto_id`) REFERENCES `productos`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tipo_suscripcion_id`) REFERENCES `tipos_suscripcion`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `carrito_producto_uq` ON `carrito` (`user_id`,`producto_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `carrito_suscripcion_uq` ON `carrito` (`user_id`,`tipo_suscripcion_id`);--> statement-breakpoint
CREATE INDEX `carrito_user_idx` ON `carrito` (`user_id`);--> statement-breakpoint
CREATE TABLE `carrito_version` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `compra_adjuntos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`compra_id` integer NOT NULL,
	`tipo` text NOT NULL,
	`blob_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`compra_id`) REFERENCES `compras`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `compra_adjuntos_blobKey_unique` ON `compra_adjuntos` (`blob_key`);--> statement-breakpoint
CREATE INDEX `compra_adjuntos_compra_idx` ON `compra_adjuntos` (`compra_id`);--> statement-breakpoint
CREATE TABLE `compra_lineas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`compra_id` integer NOT NULL,
	`producto_id` integer,
	`tipo_suscripcion_id` integer,
	`codigo` text NOT NULL,
	`nombre` text NOT NULL,
	`cantidad` integer NOT NULL,
	`precio` integer NOT NULL,
	`subtotal` integer NOT NULL,
	FOREIGN KEY (`compra_id`) REFERENCES `compras`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`producto_id`) REFERENCES `productos`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tipo_suscripcion_id`) REFERENCES `tipos_suscripcion`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `compra_lineas_compra_idx` ON `compra_lineas` (`compra_id`);--> statement-breakpoint
CREATE INDEX `compra_lineas_producto_idx` ON `compra_lineas` (`producto_id`);--> statement-breakpoint
CREATE TABLE `compras` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`checkout_key` text NOT NULL,
	`total_items` integer NOT NULL,
	`total` integer NOT NULL,
	`estado` text DEFAULT 'NO_PAGADO' NOT NULL,
	`pagado_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `compras_checkout_uq` ON `compras` (`checkout_key`);--> statement-breakpoint
CREATE INDEX `compras_user_idx` ON `compras` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `compras_estado_idx` ON `compras` (`estado`,`created_at`);--> statement-breakpoint
CREATE INDEX `compras_pagado_idx` ON `compras` (`pagado_at`);--> statement-breakpoint
CREATE TABLE `suscripciones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`tipo_suscripcion_id` integer NOT NULL,
	`compra_id` integer NOT NULL,
	`estado` text DEFAULT 'PENDIENTE' NOT NULL,
	`fecha_inicio` integer,
	`fecha_fin` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tipo_suscripcion_id`) REFERENCES `tipos_suscripcion`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`compra_id`) REFERENCES `compras`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `suscripciones_user_idx` ON `suscripciones` (`user_id`,`fecha_fin`);--> statement-breakpoint
CREATE INDEX `suscripciones_compra_idx` ON `suscripciones` (`compra_id`);--> statement-breakpoint
CREATE INDEX `suscripciones_estado_idx` ON `suscripciones` (`estado`,`fecha_fin`);