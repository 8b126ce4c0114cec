CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL,
	`clave` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` integer,
	`reply` text,
	`reply_type` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `clave`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_expires_idx` ON `idempotency_keys` (`expires_at`);--> statement-breakpoint
CREATE TABLE `review_leases` (
	`entity` text NOT NULL,
	`entity_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`entity`, `entity_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_leases_user_idx` ON `review_leases` (`user_id`,`entity`);