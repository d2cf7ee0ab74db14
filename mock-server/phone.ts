/**
 * Mobile number checks as the SMS gateway makes them. The rules themselves
 * live in web/api/phone.ts, shared with the login form, so the app and the
 * mock cloud accept exactly the same numbers.
 */
import { countryByCode, isValidPhone } from '../web/api/phone.ts';
import { regionName } from '../web/core/i18n/region.ts';
import { Wording } from './http/words.ts';

/** A calling code: 1–4 digits, no leading zero, no "+". */
export const AREA_CODE_PATTERN = /^[1-9]\d{0,3}$/;

/** Why `mobile` is not a valid number for `areaCode`, or null when it is. */
export function mobileProblem(areaCode: string, mobile: string): string | null {
  if (!AREA_CODE_PATTERN.test(areaCode)) return `area code "${areaCode}" must be 1 to 4 digits without "+"`;
  if (isValidPhone(areaCode, mobile)) return null;
  const country = countryByCode(areaCode);
  return country
    ? `not a valid ${country.name} (+${areaCode}) mobile number, e.g. ${country.example}`
    : `a +${areaCode} mobile number must be 5 to 15 digits`;
}

/** The same check as a player reads it (login, send code), in the request's language once worded. */
export function mobileFailure(areaCode: string, mobile: string): Wording | null {
  if (!AREA_CODE_PATTERN.test(areaCode)) return new Wording('mobileAreaCode', { areaCode });
  if (isValidPhone(areaCode, mobile)) return null;
  const country = countryByCode(areaCode);
  return country
    ? new Wording('mobileInvalid', (language) => ({ areaCode, example: country.example, country: regionName(country, language) }))
    : new Wording('mobileLength', { areaCode });
}

/** The key a user is stored under: one account per area code and number. */
export function phoneKey(areaCode: string, mobile: string): string {
  return `${areaCode}-${mobile}`;
}
