-- Withholding settings and the 2026 UVT (decision 0446), and the net of the rows settled before
-- withholding existed: what they pay is their total (decision 0447).
INSERT OR IGNORE INTO `parametros_retencion` (`id`, `tasa_natural`, `tasa_juridica`, `umbral_uvt`, `fuente`, `updated_at`)
VALUES (1, 1000, 1100, 3300, 'Art. 392 E.T.; Decreto 1625 de 2016, art. 1.2.4.3.1 (comisiones: 10 % a personas naturales; 11 % a personas jurídicas y a personas naturales cuyos pagos del mismo agente superan 3.300 UVT en el año)', 0);
--> statement-breakpoint
INSERT OR IGNORE INTO `uvt_valores` (`anio`, `valor`, `fuente`, `updated_at`)
VALUES (2026, 5237400, 'Resolución DIAN 000238 del 15 de diciembre de 2025', 0);
--> statement-breakpoint
UPDATE `ciclo_bonificacion_user` SET `neto` = `total` WHERE `neto` = 0 AND `total` <> 0;
