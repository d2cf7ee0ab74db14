/** The game session (SPEC §3–§6, §8, §9): one import path for the game screen and the shell. */
export { createGameSession, type GameAccount, type GameSession, type GameSessionDeps, type GameSessionEvents, type PlayOptions } from './session.ts';
export type { GameApi } from './api.ts';
export type { GameSdk, GamepadInput, MouseInput, SdkDisconnect, SdkListener, StreamTarget, TouchInput } from './sdk.ts';
export type { StreamStats } from './stream-stats.ts';
export { GAMEPAD_AXES, GAMEPAD_BUTTONS, normaliseGamepad } from './sdk.ts';
export { loadSdk, type SdkContext } from './adapters.ts';
export { createLazySdk } from './lazy-sdk.ts';
export { createSocketOpener, type OpenSocket } from './duration.ts';
export { createDbStoragePort, createMemoryStoragePort, sdkMouseSensitivity, type GameStoragePort } from './settings.ts';
export type { ClarityName, ClarityOption, BlurayAccess } from './clarity.ts';
export type { HangChoice } from './hangup.ts';
export type { ProgressStage } from './progress.ts';
export type { SavesController } from './saves.ts';
export type { BackAction } from './machine.ts';
export type { EndReason, GameTarget, HangupView, Phase, QueueView, SessionEnd, SessionFlags, SessionState } from './state.ts';
