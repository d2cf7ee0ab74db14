/**
 * The phone-login form as a framework-free model (signals), so every rule of
 * the login screen is tested with a fake clock and a fake API.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { Clock, TimerId } from '../core/clock.ts';
import type { LoginInfo, SendCodeRequest, SendCodeResponse, WebLoginRequest } from '../api/contract.ts';
import { SMS_RESEND_SECONDS } from '../api/contract.ts';
import { PAGE_PATH } from '../core/paths.ts';
import { messages } from '../core/i18n/messages.ts';
import { COUNTRIES, DEFAULT_COUNTRY, countryByIso, isValidPhone, normalizePhone, type Country } from '../api/phone.ts';

export interface LoginDeps {
  clock: Clock;
  sendCode(req: SendCodeRequest): Promise<SendCodeResponse>;
  webLogin(req: WebLoginRequest): Promise<LoginInfo>;
  loggedIn(info: LoginInfo): Promise<void>;
  toast(message: string): void;
  deviceId(): string;
  agentCode(): string | null;
}

/** The model's toasts, read when one is shown so they are in the language showing then. */
export const LOGIN_TEXT = messages('state/login', {
  invalidPhone: 'Enter a valid phone number',
  invalidCode: 'Enter the 6-digit code',
  needConsent: 'Please read and accept the User Agreement and Privacy Policy',
  codeSent: 'Verification code sent',
});

export interface LoginModel {
  country: ReadonlySignal<Country>;
  mobile: ReadonlySignal<string>;
  code: ReadonlySignal<string>;
  agreed: ReadonlySignal<boolean>;
  /** Seconds until another code may be requested; 0 when allowed. */
  resendIn: ReadonlySignal<number>;
  sending: ReadonlySignal<boolean>;
  submitting: ReadonlySignal<boolean>;
  phoneValid: ReadonlySignal<boolean>;
  canSend: ReadonlySignal<boolean>;
  canSubmit: ReadonlySignal<boolean>;
  setCountry(country: Country): void;
  setMobile(value: string): void;
  setCode(value: string): void;
  setAgreed(value: boolean): void;
  sendCode(): Promise<boolean>;
  /** Resolves true when logged in. A failure keeps everything typed. */
  submit(): Promise<boolean>;
  dispose(): void;
}

export function createLoginModel(deps: LoginDeps, initial: { countryIso?: string | null } = {}): LoginModel {
  const country = signal<Country>((initial.countryIso && countryByIso(initial.countryIso)) || DEFAULT_COUNTRY);
  const mobile = signal('');
  const code = signal('');
  const agreed = signal(false);
  const resendIn = signal(0);
  const sending = signal(false);
  const submitting = signal(false);
  let timer: TimerId | undefined;

  const phoneValid = computed(() => isValidPhone(country.value.code, mobile.value));
  const canSend = computed(() => phoneValid.value && resendIn.value === 0 && !sending.value);
  const canSubmit = computed(() => phoneValid.value && /^\d{6}$/.test(code.value) && !submitting.value);

  const startCountdown = (seconds: number) => {
    deps.clock.clearInterval(timer);
    resendIn.value = seconds;
    timer = deps.clock.setInterval(() => {
      resendIn.value = Math.max(0, resendIn.value - 1);
      if (resendIn.value === 0) deps.clock.clearInterval(timer);
    }, 1000);
  };

  return {
    country,
    mobile,
    code,
    agreed,
    resendIn,
    sending,
    submitting,
    phoneValid,
    canSend,
    canSubmit,
    setCountry(next) {
      country.value = next;
    },
    setMobile(value) {
      // Autofill (autocomplete=tel) may bring the international form: take its country code.
      const intl = splitInternational(value);
      if (intl) {
        country.value = intl.country;
        mobile.value = intl.national;
        return;
      }
      mobile.value = value.replace(/[^\d\s\-()]/g, '').slice(0, 20);
    },
    setCode(value) {
      code.value = value.replace(/\D/g, '').slice(0, 6);
    },
    setAgreed(value) {
      agreed.value = value;
    },
    async sendCode() {
      if (!phoneValid.value) {
        deps.toast(LOGIN_TEXT.get().invalidPhone);
        return false;
      }
      if (!canSend.value) return false;
      sending.value = true;
      try {
        const res = await deps.sendCode({ mobile: normalizePhone(mobile.value), area_code: country.value.code });
        startCountdown(res.resend_after > 0 ? res.resend_after : SMS_RESEND_SECONDS);
        deps.toast(LOGIN_TEXT.get().codeSent);
        return true;
      } catch {
        // The HTTP client has already shown the server's message.
        return false;
      } finally {
        sending.value = false;
      }
    },
    async submit() {
      if (!phoneValid.value) {
        deps.toast(LOGIN_TEXT.get().invalidPhone);
        return false;
      }
      if (!/^\d{6}$/.test(code.value)) {
        deps.toast(LOGIN_TEXT.get().invalidCode);
        return false;
      }
      if (!agreed.value) {
        deps.toast(LOGIN_TEXT.get().needConsent);
        return false;
      }
      if (submitting.value) return false;
      submitting.value = true;
      try {
        const agent = deps.agentCode();
        const info = await deps.webLogin({
          mobile: normalizePhone(mobile.value),
          area_code: country.value.code,
          code: code.value,
          device_id: deps.deviceId(),
          ...(agent ? { agent_code: agent } : {}),
        });
        await deps.loggedIn(info);
        return true;
      } catch {
        return false;
      } finally {
        submitting.value = false;
      }
    },
    dispose() {
      deps.clock.clearInterval(timer);
    },
  };
}

/** Only same-origin paths may be returned to after login; anything else goes home. */
export function safeTargetUrl(target: string | null | undefined, fallback: string = PAGE_PATH.home, origin: string = globalThis.location?.origin ?? 'http://localhost'): string {
  if (!target) return fallback;
  // The URL parser drops tabs and newlines and reads "\\" as "/": "/\t/evil.example" would become "//evil.example".
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!target.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  // Same origin only, and never a path the history API would read as another host ("//host").
  if (url.origin !== base.origin || url.pathname.startsWith('//')) return fallback;
  if (url.pathname.startsWith(PAGE_PATH.login)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** "+86 138 0000 0000" → China and "13800000000"; the longest matching calling code wins. */
export function splitInternational(value: string): { country: Country; national: string } | null {
  const trimmed = value.trim();
  if (!trimmed.startsWith('+') && !trimmed.startsWith('00')) return null;
  const digits = normalizePhone(trimmed.replace(/^(\+|00)/, ''));
  if (!/^\d+$/.test(digits)) return null;
  const match = [...COUNTRIES]
    .filter((c) => digits.startsWith(c.code))
    .sort((a, b) => b.code.length - a.code.length)[0];
  if (!match) return null;
  return { country: match, national: digits.slice(match.code.length) };
}
