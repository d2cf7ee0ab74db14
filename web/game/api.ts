/**
 * The calls the game session makes (SPEC §7 game rows), as `createApi`
 * builds them. Tests hand in fakes of the same shape.
 */
import type { Api } from '../api/endpoints.ts';

export type GameApiName =
  | 'getToken'
  | 'playGame'
  | 'gameQueue'
  | 'cancelQueue'
  | 'stopGame'
  | 'displayGrade'
  | 'setHangUpTimer'
  | 'scHangUp'
  | 'userScList'
  | 'reconPlayGame'
  | 'manualSave'
  | 'gameSaveList'
  | 'editSave'
  | 'delSave'
  | 'generateToken'
  | 'minorWebConfig'
  | 'playgame';

export type GameApi = Pick<Api, GameApiName>;
