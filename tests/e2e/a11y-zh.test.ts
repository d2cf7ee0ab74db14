/** The accessibility sweep (a11y.ts) with the browser in zh-CN: every page logged out and in, and the game screen. */
import { accessibilitySweep } from './a11y.ts';

accessibilitySweep('zh-CN');
