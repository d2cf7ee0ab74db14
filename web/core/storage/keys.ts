/** Every storage key the core writes, in one place so nothing collides (SPEC §2, §3). */
export const STORAGE_KEY = {
  /** localStorage: encrypted LoginInfo. */
  loginInfo: 'login_info',
  /** localStorage: the session token, kept apart from login info so requests read it synchronously. */
  token: 'token',
  /** localStorage: the persisted device id. */
  deviceId: 'device_id',
  /** localStorage: the language the player chose in settings; kept across log-out (decision 0010). */
  language: 'language',
  /** sessionStorage: the channel of this visit (SPEC §2 agent_code). */
  agentCode: 'agent_code',
} as const;
