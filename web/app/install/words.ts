/**
 * The install's words (decision 0022): the app's name as the home screen and the install dialog show it (the build
 * writes them into each language's manifest, build/manifest.ts), and the offer's and the iOS sheet's texts.
 */
import { messages } from '../../core/i18n/messages.ts';

export const installWords = messages('app/install', {
  appName: 'Cloud Play',
  appShortName: 'Cloud Play',
  offerTitle: 'Install the app',
  offerText: 'Play full screen, straight from your home screen.',
  install: 'Install',
  notNow: 'Not now',
  iosTitle: 'Add Cloud Play to your Home Screen',
  iosShare: 'Tap Share in Safari’s toolbar',
  iosAdd: 'Choose Add to Home Screen',
  iosDone: 'Got it',
});

type InstallWords = ReturnType<typeof installWords.get>;

/** The app's names in a language's texts of this component (build/manifest.ts writes them into its manifest). */
export const appNamesIn = (texts: Partial<Record<keyof InstallWords, unknown>>): { name: unknown; shortName: unknown } => ({
  name: texts.appName,
  shortName: texts.appShortName,
});
