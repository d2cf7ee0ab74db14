/**
 * The install offer in the app (decision 0022), loaded after the first paint (InstallHost.tsx) or with Mine: the one
 * offer model over the page's window, the app's clock and local storage, told of the game session, the queue, the
 * pop-ups and the language. Never loaded inside a host app.
 */
import { effect } from '@preact/signals-core';
import { locale } from '../../core/i18n/locale.ts';
import { bridge, clock, local } from '../services.ts';
import { gameSession } from '../game.ts';
import { queueInProgress } from '../queue-slot.ts';
import { shownPopup } from '../shown.ts';
import { followLanguage } from './follow-language.ts';
import { createInstallOffer, INSTALL_RECORD_KEY, type InstallWindow } from './offer-model.ts';

export { InstallCard } from './InstallCard.tsx';
export { InstallSheet } from './InstallSheet.tsx';

export const installOffer = createInstallOffer({
  win: window as unknown as InstallWindow,
  clock,
  read: () => local.getOr<unknown>(INSTALL_RECORD_KEY, null),
  write: (record) => local.set(INSTALL_RECORD_KEY, record),
  inHost: () => bridge.hasHost,
});

queueInProgress.subscribe((queueing) => installOffer.setQueueing(queueing));
shownPopup.subscribe((kind) => installOffer.setPopupShown(kind !== null));
effect(() => gameSession.value?.state.subscribe((s) => installOffer.gamePhase(s.phase)));
// The first script named them in the reader's language; a choice made in settings since then renames them.
locale.listen((lang) => followLanguage(document, lang));
