import type { Mail } from '../../platform/ports';

export const verificationMail = (to: string, link: string): Mail => ({
  to,
  subject: 'Active su cuenta',
  body: `Bienvenido(a). Para activar su cuenta abra este enlace (vence en 24 horas):\n${link}\n\nSi usted no se registró, ignore este mensaje.`,
});

export const alreadyRegisteredMail = (to: string, loginLink: string, resetLink: string): Mail => ({
  to,
  subject: 'Intento de registro con su correo',
  body: `Alguien intentó registrarse con este correo, que ya tiene una cuenta.\nPuede iniciar sesión en ${loginLink}\no restablecer su contraseña en ${resetLink}.\n\nSi no fue usted, ignore este mensaje.`,
});

export const resetMail = (to: string, link: string): Mail => ({
  to,
  subject: 'Restablecer contraseña',
  body: `Recibimos una solicitud para restablecer su contraseña. Abra este enlace (vence en 60 minutos):\n${link}\n\nSi usted no la pidió, ignore este mensaje: su contraseña no cambia.`,
});
