/**
 * Chinese status texts for non-2xx answers that are not routed to an error
 * page (SPEC §8 "Other codes show a toast with a Chinese status text").
 */
export const HTTP_STATUS_TEXT: Readonly<Record<number, string>> = {
  400: '请求错误',
  401: '未授权，请重新登录',
  404: '请求地址出错',
  408: '请求超时',
  502: '网关错误',
  504: '网关超时',
  505: 'HTTP版本不受支持',
};

export const HTTP_STATUS_TEXT_DEFAULT = '连接出错';

/** Statuses that have their own error page instead of a toast (SPEC §8). */
export type PageStatus = 403 | 500 | 503;

export function isPageStatus(status: number): status is PageStatus {
  return status === 403 || status === 500 || status === 503;
}

export function httpStatusText(status: number): string {
  return HTTP_STATUS_TEXT[status] ?? HTTP_STATUS_TEXT_DEFAULT;
}
