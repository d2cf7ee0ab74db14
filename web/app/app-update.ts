/** The app's one update offer (core/app-update.ts), shared by the service-worker module and the shell's update bar. */
import { createAppUpdate } from '../core/app-update.ts';

export const appUpdate = createAppUpdate();
