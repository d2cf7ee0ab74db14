/**
 * Countries the login screen offers, with the rule each phone number must
 * meet. Shared by the app (validation before send_code) and the mock server
 * (validation of send_code / web_login), so both accept the same numbers.
 */
export interface Country {
  /** ISO 3166 alpha-2. */
  iso: string;
  name: string;
  /** Calling code without "+". */
  code: string;
  /** National number, digits only. */
  pattern: RegExp;
  /** An example national number, shown as the field's placeholder. */
  example: string;
}

const c = (iso: string, name: string, code: string, pattern: RegExp, example: string): Country => ({ iso, name, code, pattern, example });

/** Sorted by name; China first in the picker as the default market. */
export const COUNTRIES: readonly Country[] = [
  c('CN', 'China', '86', /^1[3-9]\d{9}$/, '13800000000'),
  c('AR', 'Argentina', '54', /^\d{10}$/, '1123456789'),
  c('AU', 'Australia', '61', /^4\d{8}$/, '412345678'),
  c('BR', 'Brazil', '55', /^\d{10,11}$/, '11912345678'),
  c('CA', 'Canada', '1', /^[2-9]\d{9}$/, '4165550123'),
  c('CL', 'Chile', '56', /^9\d{8}$/, '912345678'),
  c('CO', 'Colombia', '57', /^3\d{9}$/, '3001234567'),
  c('EG', 'Egypt', '20', /^1\d{9}$/, '1001234567'),
  c('FR', 'France', '33', /^[67]\d{8}$/, '612345678'),
  c('DE', 'Germany', '49', /^1\d{9,10}$/, '15123456789'),
  c('HK', 'Hong Kong (China)', '852', /^[5-9]\d{7}$/, '51234567'),
  c('IN', 'India', '91', /^[6-9]\d{9}$/, '9812345678'),
  c('ID', 'Indonesia', '62', /^8\d{8,11}$/, '81234567890'),
  c('IT', 'Italy', '39', /^3\d{8,9}$/, '3123456789'),
  c('JP', 'Japan', '81', /^[789]0\d{8}$/, '9012345678'),
  c('KR', 'South Korea', '82', /^1\d{8,9}$/, '1012345678'),
  c('MO', 'Macao (China)', '853', /^6\d{7}$/, '66123456'),
  c('MY', 'Malaysia', '60', /^1\d{8,9}$/, '123456789'),
  c('MX', 'Mexico', '52', /^\d{10}$/, '5512345678'),
  c('NL', 'Netherlands', '31', /^6\d{8}$/, '612345678'),
  c('NZ', 'New Zealand', '64', /^2\d{7,9}$/, '211234567'),
  c('NG', 'Nigeria', '234', /^[789]\d{9}$/, '8021234567'),
  c('PH', 'Philippines', '63', /^9\d{9}$/, '9171234567'),
  c('PL', 'Poland', '48', /^\d{9}$/, '512345678'),
  c('PT', 'Portugal', '351', /^9\d{8}$/, '912345678'),
  c('RU', 'Russia', '7', /^9\d{9}$/, '9123456789'),
  c('SA', 'Saudi Arabia', '966', /^5\d{8}$/, '512345678'),
  c('SG', 'Singapore', '65', /^[89]\d{7}$/, '81234567'),
  c('ZA', 'South Africa', '27', /^[678]\d{8}$/, '711234567'),
  c('ES', 'Spain', '34', /^[67]\d{8}$/, '612345678'),
  c('TW', 'Taiwan (China)', '886', /^9\d{8}$/, '912345678'),
  c('TH', 'Thailand', '66', /^[689]\d{8}$/, '812345678'),
  c('TR', 'Turkey', '90', /^5\d{9}$/, '5012345678'),
  c('AE', 'United Arab Emirates', '971', /^5\d{8}$/, '501234567'),
  c('GB', 'United Kingdom', '44', /^7\d{9}$/, '7400123456'),
  c('US', 'United States', '1', /^[2-9]\d{9}$/, '2015550123'),
  c('VN', 'Vietnam', '84', /^[35789]\d{8}$/, '912345678'),
];

export const DEFAULT_COUNTRY: Country = COUNTRIES[0] as Country;

/** Codes shared by several countries (1: US and Canada) resolve to the first listed. */
export function countryByCode(code: string): Country | undefined {
  return COUNTRIES.find((x) => x.code === code);
}

export function countryByIso(iso: string): Country | undefined {
  return COUNTRIES.find((x) => x.iso === iso.toUpperCase());
}

/** Digits only: spaces, dashes and brackets people type are ignored. */
export function normalizePhone(input: string): string {
  return input.replace(/[\s\-()]/g, '');
}

/** A number is valid when it matches its country's rule; an unknown code accepts 5 to 15 digits. */
export function isValidPhone(areaCode: string, mobile: string): boolean {
  const digits = normalizePhone(mobile);
  if (!/^\d+$/.test(digits)) return false;
  const country = countryByCode(areaCode);
  const sameCode = COUNTRIES.filter((x) => x.code === areaCode);
  if (sameCode.length > 1) return sameCode.some((x) => x.pattern.test(digits));
  return country ? country.pattern.test(digits) : /^\d{5,15}$/.test(digits);
}

/** The country picker's search: by name, calling code (with or without "+") or ISO code. */
export function searchCountries(query: string, list: readonly Country[] = COUNTRIES): readonly Country[] {
  const q = query.trim().toLowerCase().replace(/^\+/, '');
  if (!q) return list;
  return list.filter((c) => c.name.toLowerCase().includes(q) || c.code.startsWith(q) || c.iso.toLowerCase() === q);
}
