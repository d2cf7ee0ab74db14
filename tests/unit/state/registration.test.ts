import { describe, expect, it } from 'vitest';
import { SITE_REGISTRATIONS, siteRegistration } from '../../../web/state/registration.ts';

describe('site registration number (SPEC §9: three numbers tied to domain endings, fallback to the first)', () => {
  it('has three numbers, one per ending', () => {
    expect(SITE_REGISTRATIONS).toHaveLength(3);
    expect(new Set(SITE_REGISTRATIONS.map((r) => r.suffix)).size).toBe(3);
  });

  it('picks the number of the host name ending, whatever its case or a trailing dot', () => {
    const [com, cn, net] = SITE_REGISTRATIONS;
    expect(siteRegistration('play.example.com')).toBe(com);
    expect(siteRegistration('PLAY.EXAMPLE.CN.')).toBe(cn);
    expect(siteRegistration('cdn.example.net')).toBe(net);
  });

  it('falls back to the first for any other host, and to nothing for an empty list', () => {
    expect(siteRegistration('127.0.0.1')).toBe(SITE_REGISTRATIONS[0]);
    expect(siteRegistration('example.org')).toBe(SITE_REGISTRATIONS[0]);
    // ".com" must be the ending, not just somewhere in the name.
    expect(siteRegistration('example.com.org')).toBe(SITE_REGISTRATIONS[0]);
    expect(siteRegistration('example.cnx')).toBe(SITE_REGISTRATIONS[0]);
    expect(siteRegistration('x.cn', [])).toBeNull();
  });
});
