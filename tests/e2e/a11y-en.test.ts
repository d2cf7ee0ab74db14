/** The accessibility sweep (a11y.ts) with the browser in en-US: every page logged out and in, and the game screen. */
import { accessibilitySweep } from './a11y.ts';

accessibilitySweep('en-US');
