CREATE TABLE `ciudades` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`departamento_id` integer NOT NULL,
	`codigo` text NOT NULL,
	`nombre` text NOT NULL,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`departamento_id`) REFERENCES `departamentos`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ciudades_codigo_uq` ON `ciudades` (`departamento_id`,`codigo`);--> statement-breakpoint
CREATE INDEX `ciudades_nombre_idx` ON `ciudades` (`nombre`);--> statement-breakpoint
CREATE TABLE `departamentos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pais_id` integer NOT NULL,
	`codigo` text NOT NULL,
	`nombre` text NOT NULL,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pais_id`) REFERENCES `paises`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `departamentos_codigo_uq` ON `departamentos` (`pais_id`,`codigo`);--> statement-breakpoint
CREATE UNIQUE INDEX `departamentos_nombre_uq` ON `departamentos` (`pais_id`,`nombre`);--> statement-breakpoint
CREATE TABLE `niveles_educativos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `niveles_educativos_nombre_uq` ON `niveles_educativos` (`nombre`);--> statement-breakpoint
CREATE TABLE `paises` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`codigo` text NOT NULL,
	`nombre` text NOT NULL,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `paises_codigo_uq` ON `paises` (`codigo`);--> statement-breakpoint
CREATE UNIQUE INDEX `paises_nombre_uq` ON `paises` (`nombre`);--> statement-breakpoint
CREATE TABLE `terminos_y_condiciones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` text NOT NULL,
	`titulo` text NOT NULL,
	`contenido` text NOT NULL,
	`file_key` text,
	`file_name` text,
	`vigente` integer DEFAULT false NOT NULL,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `terminos_version_uq` ON `terminos_y_condiciones` (`version`);--> statement-breakpoint
CREATE TABLE `tipos_identificacion` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`codigo` text NOT NULL,
	`nombre` text NOT NULL,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tipos_identificacion_codigo_uq` ON `tipos_identificacion` (`codigo`);--> statement-breakpoint
CREATE TABLE `app_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`email_key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `permissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`descripcion` text NOT NULL,
	`grupo` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `permissions_code_unique` ON `permissions` (`code`);--> statement-breakpoint
CREATE TABLE `role_permissions` (
	`role_id` integer NOT NULL,
	`permission_id` integer NOT NULL,
	PRIMARY KEY(`role_id`, `permission_id`),
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`permission_id`) REFERENCES `permissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `roles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nombre` text NOT NULL,
	`descripcion` text,
	`activo` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roles_nombre_uq` ON `roles` (`nombre`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`jti` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`user_agent` text,
	`kind` text DEFAULT 'cookie' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `state_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entity` text NOT NULL,
	`entity_id` integer NOT NULL,
	`from_state` text,
	`to_state` text NOT NULL,
	`comentario` text,
	`user_id` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `state_history_entity_idx` ON `state_history` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `state_history_created_idx` ON `state_history` (`created_at`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `role_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_roles_role_idx` ON `user_roles` (`role_id`);--> statement-breakpoint
CREATE TABLE `user_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_tokens_tokenHash_unique` ON `user_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `user_tokens_user_idx` ON `user_tokens` (`user_id`,`kind`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`user_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`nombres` text DEFAULT '' NOT NULL,
	`apellidos` text DEFAULT '' NOT NULL,
	`tipo_identificacion_id` integer,
	`numero_identificacion` text,
	`celular` text,
	`pais_id` integer,
	`departamento_id` integer,
	`ciudad_id` integer,
	`nivel_educativo_id` integer,
	`activo` integer DEFAULT true NOT NULL,
	`email_verified_at` integer,
	`referral_code` text NOT NULL,
	`sponsor_id` integer,
	`terminos_id` integer,
	`terminos_aceptados_at` integer,
	`photo_key` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tipo_identificacion_id`) REFERENCES `tipos_identificacion`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pais_id`) REFERENCES `paises`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`departamento_id`) REFERENCES `departamentos`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ciudad_id`) REFERENCES `ciudades`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`nivel_educativo_id`) REFERENCES `niveles_educativos`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`terminos_id`) REFERENCES `terminos_y_condiciones`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_user_name_uq` ON `users` (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_referral_code_uq` ON `users` (`referral_code`);--> statement-breakpoint
CREATE INDEX `users_sponsor_idx` ON `users` (`sponsor_id`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);