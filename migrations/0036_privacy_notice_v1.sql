-- The privacy notice's first version and its purposes (docs/privacy.md «Aviso y autorizaciones»,
-- decision 0400), and the ledger's append-only guard (decision 0401). Existing members have no
-- row: they are asked at their next sign-in (decision 0402).
INSERT OR IGNORE INTO `privacy_notices` (`version`, `texto`, `publicado_at`, `publicado_por`)
VALUES (1, 'La plataforma, como responsable del tratamiento, recoge y usa sus datos personales conforme a la Ley 1581 de 2012 y al Decreto 1377 de 2013 para las finalidades que se listan. Usted puede conocer, actualizar, rectificar y suprimir sus datos, y revocar una autorización, en Centro de ayuda → Mis solicitudes de datos y en Mi cuenta → Privacidad. Responder las preguntas sobre datos sensibles es facultativo: no autorizarlas no le impide comprar, suscribirse, referir ni recibir pagos.', 0, NULL);
--> statement-breakpoint
INSERT OR IGNORE INTO `privacy_purposes` (`version`, `codigo`, `nombre`, `texto`, `obligatoria`, `sensible`, `orden`) VALUES
(1, 'TRATAMIENTO_BASICO', 'Tratamiento básico', 'Administrar su cuenta, sus compras y suscripciones, su red de referidos y el pago de sus bonos; cumplir deberes contables y tributarios; comunicarnos con usted sobre su cuenta.', 1, 0, 1),
(1, 'ORIENTACION_IDENTIDAD', 'Orientación sexual e identidad de género', 'Guardar y mostrar en su perfil público su orientación sexual y su identidad de género. Es un dato sensible: autorizarlo es facultativo.', 0, 1, 2),
(1, 'PERFIL_SEXUAL', 'Descripción íntima y servicios del perfil', 'Guardar y mostrar en su perfil público los campos íntimos de su descripción física (busto, cola, polla, depilación) y los catálogos de servicios (servicios, tipos de oral, fantasías y fetiches, masajes, servicios virtuales). Es un dato sensible relativo a la vida sexual: autorizarlo es facultativo.', 0, 1, 3),
(1, 'DOCUMENTOS_IDENTIDAD', 'Documentos de identidad', 'Guardar las imágenes de su documento de identidad y su selfie con el documento para validar su identidad. Incluye datos biométricos (su rostro): autorizarlo es facultativo.', 0, 1, 4);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `consent_ledger_no_update` BEFORE UPDATE ON `consent_ledger`
BEGIN SELECT RAISE(ABORT, 'consent_ledger es de solo inserción'); END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `consent_ledger_no_delete` BEFORE DELETE ON `consent_ledger`
BEGIN SELECT RAISE(ABORT, 'consent_ledger es de solo inserción'); END;
