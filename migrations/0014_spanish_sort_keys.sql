DROP INDEX `bancos_activo_idx`;--> statement-breakpoint
ALTER TABLE `bancos` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `bancos_nombre_orden_idx` ON `bancos` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `bancos_activo_idx` ON `bancos` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_bustos_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_bustos` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_bustos_nombre_orden_idx` ON `mp_bustos` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_bustos_activo_idx` ON `mp_bustos` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_cabellos_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_cabellos` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_cabellos_nombre_orden_idx` ON `mp_cabellos` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_cabellos_activo_idx` ON `mp_cabellos` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `categorias_productos_activo_idx`;--> statement-breakpoint
ALTER TABLE `categorias_productos` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `categorias_productos_nombre_orden_idx` ON `categorias_productos` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `categorias_productos_activo_idx` ON `categorias_productos` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_clasificacionusuarios_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_clasificacionusuarios` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_clasificacionusuarios_nombre_orden_idx` ON `mp_clasificacionusuarios` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_clasificacionusuarios_activo_idx` ON `mp_clasificacionusuarios` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_colas_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_colas` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_colas_nombre_orden_idx` ON `mp_colas` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_colas_activo_idx` ON `mp_colas` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_criptomonedas_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_criptomonedas` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_criptomonedas_nombre_orden_idx` ON `mp_criptomonedas` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_criptomonedas_activo_idx` ON `mp_criptomonedas` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_cuerpos_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_cuerpos` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_cuerpos_nombre_orden_idx` ON `mp_cuerpos` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_cuerpos_activo_idx` ON `mp_cuerpos` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_depilaciones_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_depilaciones` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_depilaciones_nombre_orden_idx` ON `mp_depilaciones` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_depilaciones_activo_idx` ON `mp_depilaciones` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_etnias_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_etnias` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_etnias_nombre_orden_idx` ON `mp_etnias` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_etnias_activo_idx` ON `mp_etnias` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_identidadessexuales_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_identidadessexuales` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_identidadessexuales_nombre_orden_idx` ON `mp_identidadessexuales` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_identidadessexuales_activo_idx` ON `mp_identidadessexuales` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_idiomas_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_idiomas` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_idiomas_nombre_orden_idx` ON `mp_idiomas` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_idiomas_activo_idx` ON `mp_idiomas` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `monedas_activo_idx`;--> statement-breakpoint
ALTER TABLE `monedas` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `monedas_nombre_orden_idx` ON `monedas` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `monedas_activo_idx` ON `monedas` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_ojos_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_ojos` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_ojos_nombre_orden_idx` ON `mp_ojos` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_ojos_activo_idx` ON `mp_ojos` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_orientacionessexuales_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_orientacionessexuales` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_orientacionessexuales_nombre_orden_idx` ON `mp_orientacionessexuales` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_orientacionessexuales_activo_idx` ON `mp_orientacionessexuales` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `parentescos_activo_idx`;--> statement-breakpoint
ALTER TABLE `parentescos` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `parentescos_nombre_orden_idx` ON `parentescos` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `parentescos_activo_idx` ON `parentescos` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_pieles_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_pieles` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_pieles_nombre_orden_idx` ON `mp_pieles` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_pieles_activo_idx` ON `mp_pieles` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_pollas_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_pollas` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_pollas_nombre_orden_idx` ON `mp_pollas` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_pollas_activo_idx` ON `mp_pollas` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_servicios_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_servicios` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_servicios_nombre_orden_idx` ON `mp_servicios` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_servicios_activo_idx` ON `mp_servicios` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_serviciosvirtuales_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_serviciosvirtuales` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_serviciosvirtuales_nombre_orden_idx` ON `mp_serviciosvirtuales` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_serviciosvirtuales_activo_idx` ON `mp_serviciosvirtuales` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_tiposfantasiasyfetiches_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_tiposfantasiasyfetiches` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_tiposfantasiasyfetiches_nombre_orden_idx` ON `mp_tiposfantasiasyfetiches` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_tiposfantasiasyfetiches_activo_idx` ON `mp_tiposfantasiasyfetiches` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_tiposmasajes_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_tiposmasajes` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_tiposmasajes_nombre_orden_idx` ON `mp_tiposmasajes` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_tiposmasajes_activo_idx` ON `mp_tiposmasajes` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `mp_tiposorales_activo_idx`;--> statement-breakpoint
ALTER TABLE `mp_tiposorales` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_tiposorales_nombre_orden_idx` ON `mp_tiposorales` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `mp_tiposorales_activo_idx` ON `mp_tiposorales` (`activo`,`nombre_orden`);--> statement-breakpoint
DROP INDEX `tipos_usuario_activo_idx`;--> statement-breakpoint
ALTER TABLE `tipos_usuario` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `tipos_usuario_nombre_orden_idx` ON `tipos_usuario` (`nombre_orden`);--> statement-breakpoint
CREATE INDEX `tipos_usuario_activo_idx` ON `tipos_usuario` (`activo`,`nombre_orden`);--> statement-breakpoint
ALTER TABLE `ciudades` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `ciudades_nombre_orden_idx` ON `ciudades` (`nombre_orden`);--> statement-breakpoint
ALTER TABLE `departamentos` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `departamentos_nombre_orden_idx` ON `departamentos` (`nombre_orden`);--> statement-breakpoint
ALTER TABLE `niveles_educativos` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `niveles_educativos_nombre_orden_idx` ON `niveles_educativos` (`nombre_orden`);--> statement-breakpoint
ALTER TABLE `paises` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `paises_nombre_orden_idx` ON `paises` (`nombre_orden`);--> statement-breakpoint
ALTER TABLE `terminos_y_condiciones` ADD `titulo_orden` text;--> statement-breakpoint
CREATE INDEX `terminos_titulo_orden_idx` ON `terminos_y_condiciones` (`titulo_orden`);--> statement-breakpoint
ALTER TABLE `tipos_identificacion` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `tipos_identificacion_nombre_orden_idx` ON `tipos_identificacion` (`nombre_orden`);--> statement-breakpoint
ALTER TABLE `ayudas_graficas` ADD `titulo_orden` text;--> statement-breakpoint
CREATE INDEX `ayudas_graficas_titulo_orden_idx` ON `ayudas_graficas` (`titulo_orden`);--> statement-breakpoint
ALTER TABLE `metodos_pago` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `metodos_pago_nombre_orden_idx` ON `metodos_pago` (`nombre_orden`);--> statement-breakpoint
ALTER TABLE `preguntas_frecuentes` ADD `pregunta_orden` text;--> statement-breakpoint
CREATE INDEX `preguntas_frecuentes_pregunta_orden_idx` ON `preguntas_frecuentes` (`pregunta_orden`);--> statement-breakpoint
ALTER TABLE `productos` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `productos_nombre_orden_idx` ON `productos` (`nombre_orden`);--> statement-breakpoint
ALTER TABLE `mp_redes` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `mp_redes_nombre_orden_idx` ON `mp_redes` (`nombre_orden`);--> statement-breakpoint
ALTER TABLE `tipos_suscripcion` ADD `nombre_orden` text;--> statement-breakpoint
CREATE INDEX `tipos_suscripcion_nombre_orden_idx` ON `tipos_suscripcion` (`nombre_orden`);--> statement-breakpoint
ALTER TABLE `users` ADD `nombres_orden` text;--> statement-breakpoint
ALTER TABLE `users` ADD `apellidos_orden` text;--> statement-breakpoint
CREATE INDEX `users_nombres_orden_idx` ON `users` (`nombres_orden`);--> statement-breakpoint
CREATE INDEX `users_apellidos_orden_idx` ON `users` (`apellidos_orden`);