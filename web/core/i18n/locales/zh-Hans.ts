/** Every zh-Hans translation, one file per area of the app (see web/core/i18n/README.md). */
import type { ComponentsJSON } from '@nanostores/i18n';
import app from './zh-Hans/app.json';
import ui from './zh-Hans/ui.json';
import state from './zh-Hans/state.json';
import game from './zh-Hans/game.json';
import home from './zh-Hans/home.json';
import library from './zh-Hans/library.json';
import userTab from './zh-Hans/user-tab.json';
import login from './zh-Hans/login.json';
import play from './zh-Hans/play.json';
import user from './zh-Hans/user.json';
import pay from './zh-Hans/pay.json';
import system from './zh-Hans/system.json';
import webview from './zh-Hans/webview.json';
import install from './zh-Hans/install.json';

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
