CREATE TABLE `acl_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` text NOT NULL
);--> statement-breakpoint
-- The access-control version (decision 0015): a new random value on every change to roles, their
-- permissions or the catalogue. Random, not a counter: two databases never share a version, so a
-- process serving several (the tests) cannot take one's map for another's.
INSERT INTO `acl_version` (`id`, `version`) VALUES (1, lower(hex(randomblob(8))));--> statement-breakpoint
CREATE TRIGGER `acl_roles_insert` AFTER INSERT ON `roles` BEGIN UPDATE `acl_version` SET `version` = lower(hex(randomblob(8))); END;--> statement-breakpoint
CREATE TRIGGER `acl_roles_update` AFTER UPDATE ON `roles` BEGIN UPDATE `acl_version` SET `version` = lower(hex(randomblob(8))); END;--> statement-breakpoint
CREATE TRIGGER `acl_roles_delete` AFTER DELETE ON `roles` BEGIN UPDATE `acl_version` SET `version` = lower(hex(randomblob(8))); END;--> statement-breakpoint
CREATE TRIGGER `acl_role_permissions_insert` AFTER INSERT ON `role_permissions` BEGIN UPDATE `acl_version` SET `version` = lower(hex(randomblob(8))); END;--> statement-breakpoint
CREATE TRIGGER `acl_role_permissions_update` AFTER UPDATE ON `role_permissions` BEGIN UPDATE `acl_version` SET `version` = lower(hex(randomblob(8))); END;--> statement-breakpoint
CREATE TRIGGER `acl_role_permissions_delete` AFTER DELETE ON `role_permissions` BEGIN UPDATE `acl_version` SET `version` = lower(hex(randomblob(8))); END;--> statement-breakpoint
CREATE TRIGGER `acl_permissions_insert` AFTER INSERT ON `permissions` BEGIN UPDATE `acl_version` SET `version` = lower(hex(randomblob(8))); END;--> statement-breakpoint
CREATE TRIGGER `acl_permissions_update` AFTER UPDATE ON `permissions` BEGIN UPDATE `acl_version` SET `version` = lower(hex(randomblob(8))); END;--> statement-breakpoint
CREATE TRIGGER `acl_permissions_delete` AFTER DELETE ON `permissions` BEGIN UPDATE `acl_version` SET `version` = lower(hex(randomblob(8))); END;
