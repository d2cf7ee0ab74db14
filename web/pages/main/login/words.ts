/**
 * The login page's words (SPEC §2 Login). Their own module so the build can prerender the page's first view with them
 * in every language (build/prerender.ts) without loading the page and what it imports.
 */
import { messages, params } from '../../../core/i18n/messages.ts';

export const msgs = messages('login/page', {
  title: 'Log in with your phone',
  newAccount: 'New numbers get an account automatically.',
  phone: 'Phone number',
  invalidPhone: params('Enter a valid {country} number'),
  countryCode: params('Country code +{code}, {country}. Change'),
  code: 'Verification code',
  resendIn: params('Resend in {seconds}s'),
  sending: 'Sending…',
  sendCode: 'Send code',
  codePlaceholder: '6-digit code',
  // The spaces are the language's own: Chinese runs the links into the sentence.
  consentBefore: 'I have read and agree to the ',
  userAgreement: 'User Agreement',
  consentAnd: ' and the ',
  privacyPolicy: 'Privacy Policy',
  consentAfter: '.',
  loggingIn: 'Logging in…',
  logIn: 'Log in',
});
