DROP INDEX `compras_user_pagado_idx`;--> statement-breakpoint
CREATE INDEX `compras_user_pagado_idx` ON `compras` (`user_id`,`pagado_at`,`estado`,`total`);