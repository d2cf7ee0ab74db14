/**
 * The login form's model, kept for the visit so the country list and back
 * keep what was typed. Its own module so only the login and country-code
 * chunks carry the form and the phone rules, not the app's first load.
 */
import { createLoginModel, type LoginModel } from '../state/login.ts';
import { api, auth, clock, getAppDeviceId, session, toaster } from './services.ts';

let loginModel: LoginModel | null = null;
/** One login form per visit: going to the country list and back keeps what was typed. */
export function getLoginModel(): LoginModel {
  loginModel ??= createLoginModel({
    clock,
    sendCode: (req) => api.sendCode(req),
    webLogin: (req) => api.webLogin(req),
    loggedIn: (info) => auth.loggedIn(info),
    toast: (message) => toaster.show({ title: message, icon: 'none' }),
    deviceId: getAppDeviceId,
    agentCode: () => session.getAgentCode(),
  });
  return loginModel;
}

export function disposeLoginModel(): void {
  loginModel?.dispose();
  loginModel = null;
}
