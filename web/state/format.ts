/** Display formats shared by pages; pure so they are tested once. */

/** Play time in seconds as "2h 05m", "12m" or "0m". */
export function formatPlayTime(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  return `${m}m`;
}

/** Membership label of SPEC §3 member_status. */
export function memberLabel(status: 0 | 1 | 2 | undefined): string {
  if (status === 1) return 'Member';
  if (status === 2) return 'Member · Quick';
  return 'Free';
}
