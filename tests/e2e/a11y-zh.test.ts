/**
 * The accessibility sweep (a11y.ts) with the browser in zh-CN: every page logged out and in (as a free player, so the
 * purchase pop-ups are met too), and the game screen; every visit also checks that no English word of the UI shows
 * (decision 0010).
 */
import { accessibilitySweep, FREE_PLAYER } from './a11y.ts';

accessibilitySweep('zh-CN', { persona: FREE_PLAYER, noEnglish: true });
