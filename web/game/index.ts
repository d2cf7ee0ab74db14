/** The game session (SPEC §3–§6, §8, §9): the one import path for the game screen and the shell, naming only what they use. */
export { createGameSession, type GameSession } from './session.ts';
export { GAMEPAD_AXES, GAMEPAD_BUTTONS } from './sdk.ts';
export { loadSdk } from './adapters.ts';
export { createLazySdk } from './lazy-sdk.ts';
export { createSocketOpener } from './duration.ts';
export { createDbStoragePort, createMemoryStoragePort } from './settings.ts';
export { DEVICE_QUERIES, inputDeviceOf, screenControls, type InputDevice, type ScreenControls, type StreamPointer } from './op-type.ts';
export type { ProgressStage } from './progress.ts';
export type { EndReason, GameTarget, SessionEnd } from './state.ts';
export { queueBarState, wantsQueueBar, type QueueBarState } from './queue-bar.ts';
