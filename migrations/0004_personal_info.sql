ALTER TABLE `users` ADD `fecha_nacimiento` text;--> statement-breakpoint
ALTER TABLE `users` ADD `genero` text;--> statement-breakpoint
ALTER TABLE `users` ADD `direccion` text;