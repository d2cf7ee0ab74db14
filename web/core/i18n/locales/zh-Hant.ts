/** Every zh-Hant translation, one file per area of the app (see web/core/i18n/README.md). */
import type { ComponentsJSON } from '@nanostores/i18n';
import app from './zh-Hant/app.json';
import ui from './zh-Hant/ui.json';
import state from './zh-Hant/state.json';
import game from './zh-Hant/game.json';
import home from './zh-Hant/home.json';
import library from './zh-Hant/library.json';
import userTab from './zh-Hant/user-tab.json';
import login from './zh-Hant/login.json';
import play from './zh-Hant/play.json';
import user from './zh-Hant/user.json';
import pay from './zh-Hant/pay.json';
import system from './zh-Hant/system.json';
import webview from './zh-Hant/webview.json';
import install from './zh-Hant/install.json';

const all: ComponentsJSON = {
  ...app,
  ...ui,
  ...state,
  ...game,
  ...home,
  ...library,
  ...userTab,
  ...login,
  ...play,
  ...user,
  ...pay,
  ...system,
  ...webview,
  ...install,
};
export default all;
