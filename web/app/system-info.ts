/** The app's one system_info store (web/state/system-info.ts) over the app's API and clock. */
import { createSystemInfoStore } from '../state/system-info.ts';
import { api, clock } from './services.ts';

export const systemInfo = createSystemInfoStore({ fetch: () => api.systemInfo({}, { silent: true, background: true }), clock });
