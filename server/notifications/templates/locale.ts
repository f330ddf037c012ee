// Messages go out in the recipient's language when we know it (users.language, or the language
// the registration form was in), otherwise in English.

export type MessageLocale = 'en' | 'es';

export function messageLocale(language: string | null | undefined): MessageLocale {
  return language === 'es' ? 'es' : 'en';
}
