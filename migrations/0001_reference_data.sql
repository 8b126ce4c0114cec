-- Reference data (DIVIPOLA departments and capitals, identification types, education levels,
-- the first terms version) and the append-only guard of the audit table.
INSERT INTO paises (codigo, nombre, activo, created_at, updated_at) VALUES ('CO', 'Colombia', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '91', 'Amazonas', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '05', 'Antioquia', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '81', 'Arauca', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '08', 'Atlántico', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '11', 'Bogotá, D.C.', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '13', 'Bolívar', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '15', 'Boyacá', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '17', 'Caldas', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '18', 'Caquetá', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '85', 'Casanare', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '19', 'Cauca', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '20', 'Cesar', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '27', 'Chocó', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '23', 'Córdoba', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '25', 'Cundinamarca', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '94', 'Guainía', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '95', 'Guaviare', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '41', 'Huila', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '44', 'La Guajira', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '47', 'Magdalena', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '50', 'Meta', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '52', 'Nariño', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '54', 'Norte de Santander', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '86', 'Putumayo', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '63', 'Quindío', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '66', 'Risaralda', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '88', 'Archipiélago de San Andrés, Providencia y Santa Catalina', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '68', 'Santander', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '70', 'Sucre', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '73', 'Tolima', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '76', 'Valle del Cauca', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '97', 'Vaupés', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO departamentos (pais_id, codigo, nombre, activo, created_at, updated_at) SELECT id, '99', 'Vichada', 1, 1767225600000, 1767225600000 FROM paises WHERE codigo = 'CO';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '91001', 'Leticia', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '91';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '05001', 'Medellín', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '05';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '81001', 'Arauca', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '81';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '08001', 'Barranquilla', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '08';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '11001', 'Bogotá, D.C.', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '11';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '13001', 'Cartagena de Indias', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '13';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '15001', 'Tunja', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '15';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '17001', 'Manizales', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '17';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '18001', 'Florencia', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '18';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '85001', 'Yopal', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '85';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '19001', 'Popayán', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '19';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '20001', 'Valledupar', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '20';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '27001', 'Quibdó', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '27';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '23001', 'Montería', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '23';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '25899', 'Zipaquirá', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '25';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '94001', 'Inírida', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '94';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '95001', 'San José del Guaviare', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '95';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '41001', 'Neiva', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '41';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '44001', 'Riohacha', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '44';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '47001', 'Santa Marta', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '47';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '50001', 'Villavicencio', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '50';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '52001', 'Pasto', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '52';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '54001', 'San José de Cúcuta', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '54';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '86001', 'Mocoa', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '86';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '63001', 'Armenia', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '63';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '66001', 'Pereira', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '66';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '88001', 'San Andrés', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '88';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '68001', 'Bucaramanga', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '68';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '70001', 'Sincelejo', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '70';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '73001', 'Ibagué', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '73';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '76001', 'Santiago de Cali', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '76';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '97001', 'Mitú', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '97';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '99001', 'Puerto Carreño', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '99';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '25754', 'Soacha', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '25';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '25290', 'Fusagasugá', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '25';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '25175', 'Chía', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '25';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '25269', 'Facatativá', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '25';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '25307', 'Girardot', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '25';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '05088', 'Bello', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '05';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '05360', 'Itagüí', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '05';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '05266', 'Envigado', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '05';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '76109', 'Buenaventura', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '76';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '76520', 'Palmira', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '76';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '08758', 'Soledad', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '08';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '68276', 'Floridablanca', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '68';
--> statement-breakpoint
INSERT INTO ciudades (departamento_id, codigo, nombre, activo, created_at, updated_at) SELECT d.id, '13430', 'Magangué', 1, 1767225600000, 1767225600000 FROM departamentos d JOIN paises p ON p.id = d.pais_id WHERE p.codigo = 'CO' AND d.codigo = '13';
--> statement-breakpoint
INSERT INTO tipos_identificacion (codigo, nombre, activo, created_at, updated_at) VALUES ('CC', 'Cédula de ciudadanía', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO tipos_identificacion (codigo, nombre, activo, created_at, updated_at) VALUES ('CE', 'Cédula de extranjería', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO tipos_identificacion (codigo, nombre, activo, created_at, updated_at) VALUES ('NIT', 'NIT', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO tipos_identificacion (codigo, nombre, activo, created_at, updated_at) VALUES ('PA', 'Pasaporte', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO tipos_identificacion (codigo, nombre, activo, created_at, updated_at) VALUES ('TI', 'Tarjeta de identidad', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO tipos_identificacion (codigo, nombre, activo, created_at, updated_at) VALUES ('PEP', 'Permiso especial de permanencia', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO tipos_identificacion (codigo, nombre, activo, created_at, updated_at) VALUES ('PPT', 'Permiso por protección temporal', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO niveles_educativos (nombre, activo, created_at, updated_at) VALUES ('Primaria', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO niveles_educativos (nombre, activo, created_at, updated_at) VALUES ('Bachillerato', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO niveles_educativos (nombre, activo, created_at, updated_at) VALUES ('Técnico', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO niveles_educativos (nombre, activo, created_at, updated_at) VALUES ('Tecnólogo', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO niveles_educativos (nombre, activo, created_at, updated_at) VALUES ('Profesional', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO niveles_educativos (nombre, activo, created_at, updated_at) VALUES ('Especialización', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO niveles_educativos (nombre, activo, created_at, updated_at) VALUES ('Maestría', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO niveles_educativos (nombre, activo, created_at, updated_at) VALUES ('Doctorado', 1, 1767225600000, 1767225600000);
--> statement-breakpoint
INSERT INTO terminos_y_condiciones (version, titulo, contenido, vigente, activo, created_at, updated_at) VALUES ('1.0', 'Términos y condiciones de uso', 'Al registrarse en la plataforma usted acepta que:
1. La información que suministra es verídica y se mantendrá actualizada.
2. Sus datos personales se tratan conforme a la Ley 1581 de 2012 y sus decretos reglamentarios, para administrar su cuenta, sus compras, sus suscripciones y sus bonos de referidos.
3. Puede conocer, actualizar, rectificar y solicitar la supresión de sus datos escribiendo al correo de soporte.
4. Las compras se pagan por transferencia y se confirman cuando el administrador verifica el soporte de pago.
5. Los bonos de referidos se liquidan mensualmente según los porcentajes vigentes y requieren una suscripción activa al cierre de cada ciclo.
El administrador publica nuevas versiones de estos términos; la versión vigente se muestra en el registro.', 1, 1, 1767225600000, 1767225600000);
--> statement-breakpoint
CREATE TRIGGER state_history_no_update BEFORE UPDATE ON state_history BEGIN SELECT RAISE(ABORT, 'state_history is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER state_history_no_delete BEFORE DELETE ON state_history BEGIN SELECT RAISE(ABORT, 'state_history is append-only'); END;
