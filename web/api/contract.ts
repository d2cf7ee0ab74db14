/**
 * The contract between the app and the mock cloud (SPEC §3, §7–§9): paths,
 * headers, body codes, shared constants and every request/response shape.
 * Both `web/` and `mock-server/` import this file, so the two cannot drift.
 * The parts live in `contract/`, one file per area; each imports nothing
 * outside that folder and touches neither the DOM nor Node. Constants only
 * one side uses are not here: the app's are in web/core/constants.ts, the
 * mock's in mock-server/limits.ts. Parts that hold only types are
 * re-exported as types, so no empty module reaches the bundle.
 */
export * from './contract/protocol.ts';
export * from './contract/runtime-config.ts';
export * from './contract/paths.ts';
export type * from './contract/endpoint-map.ts';
export * from './contract/sockets.ts';
export * from './contract/stream.ts';
export * from './contract/entities.ts';
export * from './contract/game.ts';
export * from './contract/catalogue.ts';
export type * from './contract/account.ts';
export * from './contract/shop.ts';
