CREATE TABLE `demostracion_opciones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`demostracion_id` integer NOT NULL,
	`orden` integer NOT NULL,
	`fecha` integer NOT NULL,
	FOREIGN KEY (`demostracion_id`) REFERENCES `demostraciones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `demostracion_opciones_uq` ON `demostracion_opciones` (`demostracion_id`,`orden`);--> statement-breakpoint
CREATE TABLE `demostraciones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`empresa` text NOT NULL,
	`nombre` text NOT NULL,
	`email` text NOT NULL,
	`cargo` text NOT NULL,
	`celular` text NOT NULL,
	`estado` text DEFAULT 'PENDIENTE' NOT NULL,
	`comentario` text,
	`opcion_confirmada_id` integer,
	`confirmada_por` integer,
	`confirmada_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`confirmada_por`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `demostraciones_user_idx` ON `demostraciones` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `demostraciones_estado_idx` ON `demostraciones` (`estado`,`created_at`);--> statement-breakpoint
CREATE TABLE `preguntas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`modulo` text,
	`pregunta` text NOT NULL,
	`funcionalidad` text,
	`estado` text DEFAULT 'PENDIENTE' NOT NULL,
	`comentario` text,
	`respuesta` text,
	`respondida_por` integer,
	`respondida_at` integer,
	`faq_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`respondida_por`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`faq_id`) REFERENCES `preguntas_frecuentes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `preguntas_user_idx` ON `preguntas` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `preguntas_estado_idx` ON `preguntas` (`estado`,`created_at`);--> statement-breakpoint
CREATE TABLE `sugerencias` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`correo` text NOT NULL,
	`modulo` text,
	`titulo` text,
	`descripcion` text NOT NULL,
	`tipo_sugerencia` text,
	`estado` text DEFAULT 'PENDIENTE' NOT NULL,
	`comentario` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sugerencias_user_idx` ON `sugerencias` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sugerencias_estado_idx` ON `sugerencias` (`estado`,`created_at`);