CREATE TABLE `vistas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`grid` text NOT NULL,
	`nombre` text NOT NULL,
	`estado` text NOT NULL,
	`alcance` text DEFAULT 'PERSONAL' NOT NULL,
	`user_id` integer NOT NULL,
	`role_id` integer,
	`predeterminada` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vistas_grid_idx` ON `vistas` (`grid`,`alcance`);--> statement-breakpoint
CREATE UNIQUE INDEX `vistas_default_role_uq` ON `vistas` (`grid`,`role_id`) WHERE predeterminada = 1;