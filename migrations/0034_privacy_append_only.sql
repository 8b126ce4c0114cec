-- The consent ledger and the access record are append-only (decisions 0401, 0402).
CREATE TRIGGER consent_ledger_no_update BEFORE UPDATE ON consent_ledger BEGIN SELECT RAISE(ABORT, 'consent_ledger is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER consent_ledger_no_delete BEFORE DELETE ON consent_ledger BEGIN SELECT RAISE(ABORT, 'consent_ledger is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER data_access_log_no_update BEFORE UPDATE ON data_access_log BEGIN SELECT RAISE(ABORT, 'data_access_log is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER data_access_log_no_delete BEFORE DELETE ON data_access_log BEGIN SELECT RAISE(ABORT, 'data_access_log is append-only'); END;
--> statement-breakpoint
-- The first privacy notice (decision 0400): the mandatory purpose and the four sensitive ones whose
-- codes the server's gate knows (worker/shared/privacy.ts). Later versions come from Configuración → Privacidad.
INSERT INTO privacy_notices (version, texto, publicado_por, created_at) VALUES (1, 'Tratamos tus datos personales conforme a la Ley 1581 de 2012 y el Decreto 1377 de 2013. Puedes conocer, actualizar, rectificar y suprimir tus datos, pedir prueba de esta autorización y revocarla en cualquier momento desde Mi cuenta → Privacidad o el Centro de ayuda. Responder preguntas sobre datos sensibles es opcional: ningún servicio depende de ello.', NULL, 0);
--> statement-breakpoint
INSERT INTO privacy_purposes (notice_id, codigo, nombre, texto, obligatoria, sensible, orden) SELECT id, 'SERVICIO', 'Prestación del servicio', 'Usar tus datos de identificación, contacto, compras, referidos y pagos para administrar tu cuenta, tus compras y suscripciones, tu red de referidos y el pago de tus bonos, y para cumplir las obligaciones contables y tributarias.', 1, 0, 1 FROM privacy_notices WHERE version = 1;
--> statement-breakpoint
INSERT INTO privacy_purposes (notice_id, codigo, nombre, texto, obligatoria, sensible, orden) SELECT id, 'ORIENTACION_IDENTIDAD', 'Orientación sexual e identidad de género', 'Guardar y mostrar en tu perfil tu orientación sexual y tu identidad de género. Es un dato sensible: responder es opcional.', 0, 1, 2 FROM privacy_notices WHERE version = 1;
--> statement-breakpoint
INSERT INTO privacy_purposes (notice_id, codigo, nombre, texto, obligatoria, sensible, orden) SELECT id, 'DESCRIPCION_INTIMA', 'Descripción física íntima', 'Guardar y mostrar en tu perfil los datos íntimos de tu descripción física (busto, cola, polla, depilación). Es un dato sensible: responder es opcional.', 0, 1, 3 FROM privacy_notices WHERE version = 1;
--> statement-breakpoint
INSERT INTO privacy_purposes (notice_id, codigo, nombre, texto, obligatoria, sensible, orden) SELECT id, 'SERVICIOS_PERFIL', 'Servicios del perfil', 'Guardar y mostrar en tu perfil los servicios que ofreces (servicios, tipos de oral, fantasías y fetiches, masajes, servicios virtuales). Es un dato sensible: responder es opcional.', 0, 1, 4 FROM privacy_notices WHERE version = 1;
--> statement-breakpoint
INSERT INTO privacy_purposes (notice_id, codigo, nombre, texto, obligatoria, sensible, orden) SELECT id, 'DOCUMENTOS_IDENTIDAD', 'Documentos de identidad y selfie', 'Guardar las imágenes de tu documento de identidad y tu selfie para validar tu identidad. Es un dato sensible (biométrico): enviarlo es opcional.', 0, 1, 5 FROM privacy_notices WHERE version = 1;
