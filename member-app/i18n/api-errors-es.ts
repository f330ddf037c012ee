// Spanish texts for the API failures whose message is fixed (core/errors.ts), and for those whose
// message carries a wait (account_locked, code_resend_limited, rate_limited), said from the failure's retry_after_s.
// Field messages keep the server's words. English pages always show the server's message as it is.
import { minutesToWait } from '#core/errors.ts';
import { OTP_RESEND_INTERVAL_S } from '#core/contract/verify.ts';
export const apiErrorsEs: Readonly<Record<string, string>> = {
  validation_failed: 'Faltan campos o no son válidos. Revisa los campos marcados y vuelve a intentarlo.',
  // A payment link fixed to a coin whose chain is off (the money pages have their own text: trade-errors-es.ts).
  coin_unavailable: 'Los pagos en esta moneda no están disponibles ahora mismo. Elige otra moneda.',
  invalid_credentials: 'El correo o la contraseña no son correctos.',
  unauthorized: 'Inicia sesión para continuar.',
  invalid_session: 'Has iniciado sesión en otros dispositivos o navegadores. Vuelve a iniciar sesión.',
  session_expired: 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
  expired_password: 'Tu contraseña ha caducado. Elige una nueva para continuar.',
  forbidden: 'No tienes permiso para hacer esto.',
  rate_limited: 'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.',
  internal_error: 'Algo ha fallado por nuestra parte. Inténtalo de nuevo más tarde.',
  service_unavailable: 'El servicio no está disponible ahora mismo. Inténtalo de nuevo más tarde.',
  registration_token_expired: 'El token de registro ha caducado. Vuelve a empezar el registro.',
  invalid_code: 'El código no es correcto. Revisa el último mensaje que te hemos enviado y vuelve a intentarlo.',
  code_expired: 'Este código ha caducado o ya se ha usado. Pide un código nuevo.',
  code_attempts_exceeded: 'Demasiados códigos incorrectos. Pide un código nuevo.',
  reset_token_invalid: 'Este enlace para restablecer la contraseña no es válido, ha caducado o ya se ha usado. Pide un enlace nuevo.',
  email_taken: 'Ya existe una cuenta con este correo. Inicia sesión o restablece tu contraseña si la has olvidado.',
  merchant_id_taken: 'Otro comercio ya tiene este id. Elige otro o déjalo vacío para crearlo a partir del nombre comercial.',
  current_password_wrong: 'Tu contraseña actual no es correcta. Vuelve a introducirla.',
  password_unchanged: 'Elige una contraseña nueva distinta de la actual.',
  login_link_invalid: 'Este enlace de acceso ha caducado o ya se ha usado. Pide uno nuevo.',
  payment_link_not_found: 'Este enlace de pago no existe. Revisa la dirección o crea un enlace nuevo.',
  payment_link_closed: 'Este enlace de pago ya está pagado o ha caducado. Crea un enlace nuevo para otro pedido.',
  compliance_final: 'Tu identidad ya está verificada; no hay nada más que enviar.',
  kyc_in_progress: 'Estamos revisando tus documentos. Espera la decisión antes de enviar nada más.',
  kyc_step_not_open: 'Este paso de verificación no está abierto ahora. Vuelve a cargar Verificación de la cuenta y sigue con el paso que indica.',
  network_error: 'No hemos podido conectar con el servidor. Comprueba tu conexión y vuelve a intentarlo.',
  bad_response: 'El servidor ha enviado una respuesta que no podemos leer. Inténtalo de nuevo más tarde.',
  operator_sign_in_failed: 'El correo, la contraseña o el código del autenticador no son correctos. Revisa los tres y vuelve a intentarlo.',
  operator_session_required: 'Inicia sesión en la consola para continuar. Una sesión de la consola termina tras media hora sin actividad.',
  operator_forbidden: 'Tu rol en la consola no permite esto. Pide a un administrador si lo necesitas.',
  account_blocked: 'Esta cuenta está bloqueada. Contacta con soporte para saber por qué y cómo recuperar el acceso.',
  member_not_found: 'No hay ningún miembro con este id en este proveedor. Vuelve a buscarlo.',
};

const minutes = (count: number) => (count === 1 ? '1 minuto' : `${count} minutos`);
const seconds = (count: number) => (count === 1 ? '1 segundo' : `${count} segundos`);

/**
 * The failures that say how long to wait, from the wait in seconds. The server says the once-a-minute
 * resend limit in seconds and the hourly caps in minutes; a wait of at most that minute reads the first way.
 */
export const waitErrorsEs: Readonly<Record<string, (retryAfterS: number) => string>> = {
  account_locked: (wait) => `Demasiados intentos fallidos de inicio de sesión. Vuelve a intentarlo dentro de ${minutes(minutesToWait(wait))}.`,
  code_resend_limited: (wait) =>
    wait <= OTP_RESEND_INTERVAL_S
      ? `Espera ${seconds(wait)} antes de pedir otro código.`
      : `Se han pedido demasiados códigos en la última hora. Espera ${minutes(minutesToWait(wait))} antes de pedir otro código.`,
  // The rate limiter's 429 (server/http/rate-limited-error.ts) says its wait in seconds, as the server's message does.
  rate_limited: (wait) => `Demasiadas solicitudes. Vuelve a intentarlo dentro de ${seconds(wait)}.`,
};
