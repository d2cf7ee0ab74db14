/**
 * Mobile number rules per calling code, as the SMS gateway checks them
 * before sending a code (mock-server only; the app just forwards input).
 */

interface MobileRule {
  pattern: RegExp;
  /** Human description for the error message. */
  hint: string;
}

const RULES: Readonly<Record<string, MobileRule>> = {
  '86': { pattern: /^1\d{10}$/, hint: '11 digits starting with 1' },
  '1': { pattern: /^\d{10}$/, hint: '10 digits' },
  '44': { pattern: /^\d{10}$/, hint: '10 digits' },
  '852': { pattern: /^\d{8}$/, hint: '8 digits' },
};

const OTHER: MobileRule = { pattern: /^\d{5,15}$/, hint: '5 to 15 digits' };

/** A calling code: 1–4 digits, no leading zero, no "+". */
export const AREA_CODE_PATTERN = /^[1-9]\d{0,3}$/;

/** Why `mobile` is not a valid number for `areaCode`, or null when it is. */
export function mobileProblem(areaCode: string, mobile: string): string | null {
  if (!AREA_CODE_PATTERN.test(areaCode)) return `area code "${areaCode}" must be 1 to 4 digits without "+"`;
  const rule = RULES[areaCode] ?? OTHER;
  return rule.pattern.test(mobile) ? null : `a +${areaCode} mobile number must be ${rule.hint}`;
}

/** The key a user is stored under: one account per area code and number. */
export function phoneKey(areaCode: string, mobile: string): string {
  return `${areaCode}-${mobile}`;
}
