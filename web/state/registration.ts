/**
 * SPEC §9: three site-registration (ICP filing) numbers, each tied to a domain
 * ending; a host that matches none shows the first. The spec does not give the
 * values: these are the mock brand's. A deployment edits this list.
 */
export interface SiteRegistration {
  /** The end of the host name, with its dot: ".com". */
  suffix: string;
  number: string;
}

export const SITE_REGISTRATIONS: readonly SiteRegistration[] = [
  { suffix: '.com', number: '沪ICP备2024018823号-1' },
  { suffix: '.cn', number: '沪ICP备2024018823号-2' },
  { suffix: '.net', number: '沪ICP备2024018823号-3' },
];

/** Where a registration number can be looked up. */
export const REGISTRY_URL = 'https://beian.miit.gov.cn/';

export function siteRegistration(hostname: string, list: readonly SiteRegistration[] = SITE_REGISTRATIONS): SiteRegistration | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return list.find((r) => host.endsWith(r.suffix.toLowerCase())) ?? list[0] ?? null;
}
