import type { Mail } from '../../platform/ports';

export const verificationMail = (to: string, link: string): Mail => ({
  to,
  subject: 'Activa tu cuenta',
  body: `Te damos la bienvenida. Para activar tu cuenta abre este enlace (vence en 24 horas):\n${link}\n\nSi no te registraste, ignora este mensaje.`,
});

export const alreadyRegisteredMail = (to: string, loginLink: string, resetLink: string): Mail => ({
  to,
  subject: 'Intento de registro con tu correo',
  body: `Alguien intentó registrarse con este correo, que ya tiene una cuenta.\nPuedes iniciar sesión en ${loginLink}\no restablecer tu contraseña en ${resetLink}.\n\nSi no fuiste tú, ignora este mensaje.`,
});

export const resetMail = (to: string, link: string): Mail => ({
  to,
  subject: 'Restablecer contraseña',
  body: `Recibimos una solicitud para restablecer tu contraseña. Abre este enlace (vence en 60 minutos):\n${link}\n\nSi no la pediste, ignora este mensaje: tu contraseña no cambia.`,
});

export const userNameTakenMail = (to: string, userName: string, registerLink: string): Mail => ({
  to,
  subject: 'Tu registro no se completó',
  body: `Recibimos una solicitud de registro con este correo, pero el nombre de usuario «${userName}» ya está en uso.\nVuelve a registrarte eligiendo otro nombre de usuario en ${registerLink}\n\nSi no fuiste tú, ignora este mensaje.`,
});
