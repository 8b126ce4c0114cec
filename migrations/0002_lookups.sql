CREATE TABLE `ayudas_graficas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`titulo` text NOT NULL,
	`modulo` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ayudas_graficas_titulo_uq` ON `ayudas_graficas` (`titulo`);--> statement-breakpoint
CREATE INDEX `ayudas_graficas_modulo_idx` ON `ayudas_graficas` (`modulo`);--> statement-breakpoint
CREATE TABLE `bancos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`codigo` text NOT NULL,
	`nombre` text NOT NULL,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bancos_codigo_uq` ON `bancos` (`codigo`);--> statement-breakpoint
CREATE INDEX `bancos_nombre_idx` ON `bancos` (`nombre`);--> statement-breakpoint
CREATE INDEX `bancos_activo_idx` ON `bancos` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `categorias_productos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categorias_productos_nombre_uq` ON `categorias_productos` (`nombre`);--> statement-breakpoint
CREATE INDEX `categorias_productos_activo_idx` ON `categorias_productos` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `imagenes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner` text NOT NULL,
	`owner_id` integer NOT NULL,
	`blob_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`orden` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `imagenes_blobKey_unique` ON `imagenes` (`blob_key`);--> statement-breakpoint
CREATE INDEX `imagenes_owner_idx` ON `imagenes` (`owner`,`owner_id`,`orden`);--> statement-breakpoint
CREATE TABLE `metodos_pago` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`tipo` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `metodos_pago_nombre_uq` ON `metodos_pago` (`nombre`);--> statement-breakpoint
CREATE TABLE `monedas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`codigo` text NOT NULL,
	`nombre` text NOT NULL,
	`simbolo` text DEFAULT '$' NOT NULL,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monedas_codigo_uq` ON `monedas` (`codigo`);--> statement-breakpoint
CREATE INDEX `monedas_nombre_idx` ON `monedas` (`nombre`);--> statement-breakpoint
CREATE INDEX `monedas_activo_idx` ON `monedas` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_bustos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_bustos_nombre_uq` ON `mp_bustos` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_bustos_activo_idx` ON `mp_bustos` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_cabellos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_cabellos_nombre_uq` ON `mp_cabellos` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_cabellos_activo_idx` ON `mp_cabellos` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_clasificacionusuarios` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_clasificacionusuarios_nombre_uq` ON `mp_clasificacionusuarios` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_clasificacionusuarios_activo_idx` ON `mp_clasificacionusuarios` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_colas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_colas_nombre_uq` ON `mp_colas` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_colas_activo_idx` ON `mp_colas` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_criptomonedas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`codigo` text NOT NULL,
	`nombre` text NOT NULL,
	`red` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_criptomonedas_codigo_uq` ON `mp_criptomonedas` (`codigo`);--> statement-breakpoint
CREATE INDEX `mp_criptomonedas_nombre_idx` ON `mp_criptomonedas` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_criptomonedas_activo_idx` ON `mp_criptomonedas` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_cuerpos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_cuerpos_nombre_uq` ON `mp_cuerpos` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_cuerpos_activo_idx` ON `mp_cuerpos` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_depilaciones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_depilaciones_nombre_uq` ON `mp_depilaciones` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_depilaciones_activo_idx` ON `mp_depilaciones` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_etnias` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_etnias_nombre_uq` ON `mp_etnias` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_etnias_activo_idx` ON `mp_etnias` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_identidadessexuales` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_identidadessexuales_nombre_uq` ON `mp_identidadessexuales` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_identidadessexuales_activo_idx` ON `mp_identidadessexuales` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_idiomas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_idiomas_nombre_uq` ON `mp_idiomas` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_idiomas_activo_idx` ON `mp_idiomas` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_ojos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_ojos_nombre_uq` ON `mp_ojos` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_ojos_activo_idx` ON `mp_ojos` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_orientacionessexuales` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_orientacionessexuales_nombre_uq` ON `mp_orientacionessexuales` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_orientacionessexuales_activo_idx` ON `mp_orientacionessexuales` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_pieles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_pieles_nombre_uq` ON `mp_pieles` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_pieles_activo_idx` ON `mp_pieles` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_pollas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_pollas_nombre_uq` ON `mp_pollas` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_pollas_activo_idx` ON `mp_pollas` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_redes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`url_base` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_redes_nombre_uq` ON `mp_redes` (`nombre`);--> statement-breakpoint
CREATE TABLE `mp_servicios` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_servicios_nombre_uq` ON `mp_servicios` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_servicios_activo_idx` ON `mp_servicios` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_serviciosvirtuales` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_serviciosvirtuales_nombre_uq` ON `mp_serviciosvirtuales` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_serviciosvirtuales_activo_idx` ON `mp_serviciosvirtuales` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_tiposfantasiasyfetiches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_tiposfantasiasyfetiches_nombre_uq` ON `mp_tiposfantasiasyfetiches` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_tiposfantasiasyfetiches_activo_idx` ON `mp_tiposfantasiasyfetiches` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_tiposmasajes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_tiposmasajes_nombre_uq` ON `mp_tiposmasajes` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_tiposmasajes_activo_idx` ON `mp_tiposmasajes` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `mp_tiposorales` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_tiposorales_nombre_uq` ON `mp_tiposorales` (`nombre`);--> statement-breakpoint
CREATE INDEX `mp_tiposorales_activo_idx` ON `mp_tiposorales` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `parentescos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `parentescos_nombre_uq` ON `parentescos` (`nombre`);--> statement-breakpoint
CREATE INDEX `parentescos_activo_idx` ON `parentescos` (`activo`,`nombre`);--> statement-breakpoint
CREATE TABLE `preguntas_frecuentes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pregunta` text NOT NULL,
	`respuesta` text NOT NULL,
	`modulo` text NOT NULL,
	`orden` integer DEFAULT 0 NOT NULL,
	`ayudas_ids` text DEFAULT '[]' NOT NULL,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `preguntas_frecuentes_pregunta_uq` ON `preguntas_frecuentes` (`pregunta`);--> statement-breakpoint
CREATE INDEX `preguntas_frecuentes_modulo_idx` ON `preguntas_frecuentes` (`modulo`,`orden`);--> statement-breakpoint
CREATE TABLE `productos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`codigo` text NOT NULL,
	`nombre` text NOT NULL,
	`categoria_id` integer NOT NULL,
	`precio` integer NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`categoria_id`) REFERENCES `categorias_productos`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `productos_codigo_uq` ON `productos` (`codigo`);--> statement-breakpoint
CREATE INDEX `productos_nombre_idx` ON `productos` (`nombre`);--> statement-breakpoint
CREATE INDEX `productos_categoria_idx` ON `productos` (`categoria_id`,`nombre`);--> statement-breakpoint
CREATE INDEX `productos_created_idx` ON `productos` (`created_at`);--> statement-breakpoint
CREATE TABLE `tipos_suscripcion` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`precio` integer NOT NULL,
	`duracion_meses` integer NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tipos_suscripcion_nombre_uq` ON `tipos_suscripcion` (`nombre`);--> statement-breakpoint
CREATE TABLE `tipos_usuario` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tipos_usuario_nombre_uq` ON `tipos_usuario` (`nombre`);--> statement-breakpoint
CREATE INDEX `tipos_usuario_activo_idx` ON `tipos_usuario` (`activo`,`nombre`);