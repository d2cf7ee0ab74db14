/** Closing an overlay page: back when we came from inside the app, else ask the host to close its webview (SPEC §2). */
import { bridge } from '../../../app/services.ts';
import { canGoBack } from '../../../app/navigation.ts';

export function closeOverlay(): void {
  if (canGoBack()) history.back();
  else bridge.closeWebview();
}
