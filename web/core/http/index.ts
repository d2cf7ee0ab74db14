export * from './errors';
export * from './request';
export { HTTP_STATUS_TEXT, HTTP_STATUS_TEXT_DEFAULT, httpStatusText, isPageStatus, type PageStatus } from './status';
export { stripEmpty, appendPathPairs, encodeBody, CONTENT_TYPE } from './payload';
export { sha256Hex } from './sha256';
