-- Global search (issue 25, decision 0151): FTS5 indexes kept in step with their tables by
-- triggers, in the writing transaction. External-content tables hold only the index; the rows stay
-- in their own table. Words (unicode61, accents folded, prefixes of 2 to 6 letters indexed) find
-- names; trigrams find fragments of user names, e-mails and document numbers (3+ characters).
CREATE VIRTUAL TABLE `users_fts` USING fts5(`user_name`, `nombres`, `apellidos`, `email`, `numero_identificacion`, content='users', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6');--> statement-breakpoint
CREATE VIRTUAL TABLE `users_tri` USING fts5(`user_name`, `email`, `numero_identificacion`, content='users', content_rowid='id', tokenize='trigram remove_diacritics 1');--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_fts` (rowid, `user_name`, `nombres`, `apellidos`, `email`, `numero_identificacion`) VALUES (new.`id`, new.`user_name`, new.`nombres`, new.`apellidos`, new.`email`, new.`numero_identificacion`);
  INSERT INTO `users_tri` (rowid, `user_name`, `email`, `numero_identificacion`) VALUES (new.`id`, new.`user_name`, new.`email`, new.`numero_identificacion`);
END;--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO `users_fts` (`users_fts`, rowid, `user_name`, `nombres`, `apellidos`, `email`, `numero_identificacion`) VALUES ('delete', old.`id`, old.`user_name`, old.`nombres`, old.`apellidos`, old.`email`, old.`numero_identificacion`);
  INSERT INTO `users_tri` (`users_tri`, rowid, `user_name`, `email`, `numero_identificacion`) VALUES ('delete', old.`id`, old.`user_name`, old.`email`, old.`numero_identificacion`);
END;--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `user_name`, `nombres`, `apellidos`, `email`, `numero_identificacion` ON `users` BEGIN
  INSERT INTO `users_fts` (`users_fts`, rowid, `user_name`, `nombres`, `apellidos`, `email`, `numero_identificacion`) VALUES ('delete', old.`id`, old.`user_name`, old.`nombres`, old.`apellidos`, old.`email`, old.`numero_identificacion`);
  INSERT INTO `users_tri` (`users_tri`, rowid, `user_name`, `email`, `numero_identificacion`) VALUES ('delete', old.`id`, old.`user_name`, old.`email`, old.`numero_identificacion`);
  INSERT INTO `users_fts` (rowid, `user_name`, `nombres`, `apellidos`, `email`, `numero_identificacion`) VALUES (new.`id`, new.`user_name`, new.`nombres`, new.`apellidos`, new.`email`, new.`numero_identificacion`);
  INSERT INTO `users_tri` (rowid, `user_name`, `email`, `numero_identificacion`) VALUES (new.`id`, new.`user_name`, new.`email`, new.`numero_identificacion`);
END;--> statement-breakpoint
INSERT INTO `users_fts` (`users_fts`) VALUES ('rebuild');--> statement-breakpoint
INSERT INTO `users_tri` (`users_tri`) VALUES ('rebuild');--> statement-breakpoint
CREATE VIRTUAL TABLE `productos_fts` USING fts5(`codigo`, `nombre`, `descripcion`, content='productos', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6');--> statement-breakpoint
CREATE TRIGGER `productos_search_insert` AFTER INSERT ON `productos` BEGIN
  INSERT INTO `productos_fts` (rowid, `codigo`, `nombre`, `descripcion`) VALUES (new.`id`, new.`codigo`, new.`nombre`, new.`descripcion`);
END;--> statement-breakpoint
CREATE TRIGGER `productos_search_delete` AFTER DELETE ON `productos` BEGIN
  INSERT INTO `productos_fts` (`productos_fts`, rowid, `codigo`, `nombre`, `descripcion`) VALUES ('delete', old.`id`, old.`codigo`, old.`nombre`, old.`descripcion`);
END;--> statement-breakpoint
CREATE TRIGGER `productos_search_update` AFTER UPDATE OF `codigo`, `nombre`, `descripcion` ON `productos` BEGIN
  INSERT INTO `productos_fts` (`productos_fts`, rowid, `codigo`, `nombre`, `descripcion`) VALUES ('delete', old.`id`, old.`codigo`, old.`nombre`, old.`descripcion`);
  INSERT INTO `productos_fts` (rowid, `codigo`, `nombre`, `descripcion`) VALUES (new.`id`, new.`codigo`, new.`nombre`, new.`descripcion`);
END;--> statement-breakpoint
INSERT INTO `productos_fts` (`productos_fts`) VALUES ('rebuild');--> statement-breakpoint
-- Purchases: the number (the purchase id, as the screens show it) and, once payments carry one,
-- the payment reference, as trigrams so a fragment finds them. HOOK(payment-reference): when
-- worker/shared/payment-reference.ts lands with its column, fill `referencia` here (insert trigger
-- and an AFTER UPDATE OF that column) and in the backfill below; the search already queries it.
CREATE VIRTUAL TABLE `compras_fts` USING fts5(`numero`, `referencia`, tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `compras_search_insert` AFTER INSERT ON `compras` BEGIN
  INSERT INTO `compras_fts` (rowid, `numero`, `referencia`) VALUES (new.`id`, cast(new.`id` as text), NULL);
END;--> statement-breakpoint
CREATE TRIGGER `compras_search_delete` AFTER DELETE ON `compras` BEGIN
  DELETE FROM `compras_fts` WHERE rowid = old.`id`;
END;--> statement-breakpoint
INSERT INTO `compras_fts` (rowid, `numero`, `referencia`) SELECT `id`, cast(`id` as text), NULL FROM `compras`;
