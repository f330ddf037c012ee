// Spanish texts for the identity-document failures of core/errors.ts (document_*), ready for the
// compliance screens' upload step; each says, as the English does, how to take or send a usable photo.
export const documentsErrorsEs: Readonly<Record<string, string>> = {
  document_side_not_needed: 'Este documento no tiene reverso. Envía el anverso y después haz el selfi.',
  document_not_image: 'Este archivo no es una foto que podamos leer. Sube una foto JPEG, PNG o WebP de tu documento.',
  document_type_unsupported: 'Las fotos HEIC y AVIF no se pueden comprobar aquí. Sube un JPEG, PNG o WebP: en un iPhone, elige Ajustes > Cámara > Formatos > Más compatible y vuelve a hacer la foto.',
  document_damaged: 'Este archivo de imagen está dañado o incompleto. Vuelve a hacer la foto o sube otra vez el archivo original.',
  document_too_large: 'La foto pesa más de 8 MB. Vuelve a hacerla con menos resolución o sube una copia más pequeña.',
  document_too_small: 'La foto es demasiado pequeña para leerla: necesita al menos 600 por 400 píxeles. Vuelve a hacer la foto con buena luz y con el documento llenando el encuadre.',
  document_too_many_pixels: 'La imagen tiene demasiados píxeles (como máximo 12000 por lado y 40 megapíxeles). Sube la foto tal como la hizo tu cámara o una copia más pequeña.',
  document_side_invalid: 'El DNI y el permiso de conducir necesitan una foto del anverso y otra del reverso; el pasaporte, el selfie y el justificante de domicilio, una sola foto sin cara.',
  document_limit_reached: 'Ya has enviado todas las fotos que guardamos por cuenta. Espera a que revisemos las que enviaste o contacta con soporte.',
  document_not_found: 'No encontramos ese documento en tu cuenta. Vuelve a cargar la lista de tus documentos.',
};
