import { describe, expect, it } from 'vitest';
import type { Brand } from './brand.ts';
import { codeEmail, codeSms } from './code-message.ts';
import { messageLocale } from './locale.ts';
import { loginLinkEmail } from './login-link.ts';
import { resetLinkEmail } from './reset-link.ts';

const VERDANT: Brand = { label_name: 'Verdant Exchange', company_name: 'Verdant Exchange Ltd', support_email: 'support@verdant-exchange.example' };
const HARBOR: Brand = { label_name: 'Harbor <Coin>', company_name: 'Harbor Coin S.L.', support_email: 'help@harbor-coin.example' };

describe('code messages', () => {
  it.each([
    { locale: 'en' as const, purpose: 'verify_email' as const, subject: 'Your Verdant Exchange verification code', lead: 'Enter this code to verify your email address:' },
    { locale: 'en' as const, purpose: 'login' as const, subject: 'Your Verdant Exchange login code', lead: 'Enter this code to finish signing in:' },
    { locale: 'en' as const, purpose: 'otp_settings' as const, subject: 'Your Verdant Exchange security code', lead: 'Enter this code to turn on login codes:' },
    { locale: 'es' as const, purpose: 'verify_email' as const, subject: 'Tu código de verificación de Verdant Exchange', lead: 'Introduce este código para verificar tu correo electrónico:' },
    { locale: 'es' as const, purpose: 'login' as const, subject: 'Tu código de acceso de Verdant Exchange', lead: 'Introduce este código para terminar de iniciar sesión:' },
  ])('$locale $purpose: "$subject"', ({ locale, purpose, subject, lead }) => {
    const mail = codeEmail(VERDANT, locale, purpose, '042917', 600);
    expect(mail.subject).toBe(subject);
    expect(mail.text.startsWith(lead)).toBe(true);
    expect(mail.text.match(/\d{6}/g)).toEqual(['042917']);
    expect(mail.text).toContain('Verdant Exchange Ltd');
    expect(mail.text).toContain('support@verdant-exchange.example');
    expect(mail.text).toContain(locale === 'es' ? 'caduca en 10 minutos' : 'expires in 10 minutes');
    expect(mail.html).toContain('042917');
  });

  it('the provider\'s name is escaped in the HTML and kept as is in the text', () => {
    const mail = codeEmail(HARBOR, 'en', 'verify_email', '123456', 600);
    expect(mail.html).toContain('Harbor &lt;Coin&gt;');
    expect(mail.html).not.toContain('<Coin>');
    expect(mail.subject).toBe('Your Harbor <Coin> verification code');
  });

  it.each([
    { locale: 'en' as const, text: 'Verdant Exchange: your verification code is 123456. It expires in 10 minutes. Never share it.' },
    { locale: 'es' as const, text: 'Verdant Exchange: tu código de verificación es 123456. Caduca en 10 minutos. No lo compartas.' },
  ])('the $locale SMS is one short branded line', ({ locale, text }) => {
    expect(codeSms(VERDANT, locale, '123456', 600)).toBe(text);
  });
});

describe('reset link mail', () => {
  it.each([
    { locale: 'en' as const, subject: 'Reset your Verdant Exchange password', expiry: 'The link expires in 30 minutes and works once.' },
    { locale: 'es' as const, subject: 'Restablece tu contraseña de Verdant Exchange', expiry: 'El enlace caduca en 30 minutos y solo sirve una vez.' },
  ])('$locale: "$subject"', ({ locale, subject, expiry }) => {
    const link = 'http://localhost:8080/sys-wallets/change-password?reset=abc&x=<y>';
    const mail = resetLinkEmail(VERDANT, locale, link, 1800);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(expiry);
    expect(mail.html).toContain('href="http://localhost:8080/sys-wallets/change-password?reset=abc&amp;x=&lt;y&gt;"');
  });
});

describe('sign-in link mail', () => {
  it.each([
    { locale: 'en' as const, subject: 'Your Verdant Exchange sign-in link', expiry: 'The link expires in 15 minutes and works once.' },
    { locale: 'es' as const, subject: 'Tu enlace para iniciar sesión en Verdant Exchange', expiry: 'El enlace caduca en 15 minutos y solo sirve una vez.' },
  ])('$locale: "$subject"', ({ locale, subject, expiry }) => {
    const link = 'http://localhost:8080/sys-wallets/login/token?token=abc&x=<y>';
    const mail = loginLinkEmail(VERDANT, locale, link, 900);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(expiry);
    expect(mail.text).toContain('Verdant Exchange Ltd');
    expect(mail.html).toContain('href="http://localhost:8080/sys-wallets/login/token?token=abc&amp;x=&lt;y&gt;"');
  });
});

describe('messageLocale', () => {
  it.each([
    { language: 'es', locale: 'es' },
    { language: 'en', locale: 'en' },
    { language: null, locale: 'en' },
    { language: 'fr', locale: 'en' },
  ])('$language -> $locale', ({ language, locale }) => {
    expect(messageLocale(language)).toBe(locale);
  });
});
