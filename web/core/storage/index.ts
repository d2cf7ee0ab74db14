export * from './local';
export * from './memory';
export * from './keys';
export * from './crypto';
export * from './session';
export * from './db';
