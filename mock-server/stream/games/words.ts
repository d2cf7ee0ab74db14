/**
 * The words the stream games draw, in the session's language (the app's
 * language, sent with the stream socket). Scores stay 7-segment digits
 * (hud.ts): only the labels, the game-over card and the hint are words.
 */
import type { ContentLanguage } from '../../languages.ts';
import type { GameKind } from './types.ts';

export interface StreamWords {
  score: string;
  best: string;
  gameOver: string;
  newBest: string;
  /** "BEST 120" under a game-over score that is not a new best. */
  bestIs(best: number): string;
  playAgain: string;
  hint: Readonly<Record<GameKind, string>>;
}

export const STREAM_WORDS: Readonly<Record<ContentLanguage, StreamWords>> = {
  en: {
    score: 'SCORE',
    best: 'BEST',
    gameOver: 'GAME OVER',
    newBest: 'NEW BEST!',
    bestIs: (best) => `BEST ${best}`,
    playAgain: 'Press A, Space or tap to play again',
    hint: {
      racer: 'Steer: ← → / mouse · Boost: Space / click',
      shooter: 'Move: arrows / mouse · Fire: Space / click',
      catcher: 'Catch stars, dodge bombs · Net: Space / click',
    },
  },
  'zh-Hans': {
    score: '得分',
    best: '最高',
    gameOver: '游戏结束',
    newBest: '新纪录！',
    bestIs: (best) => `最高 ${best}`,
    playAgain: '按 A 键、空格键或轻点屏幕再玩一次',
    hint: {
      racer: '转向：← → / 鼠标 · 加速：空格 / 点击',
      shooter: '移动：方向键 / 鼠标 · 开火：空格 / 点击',
      catcher: '接住星星，躲开炸弹 · 网兜：空格 / 点击',
    },
  },
  'zh-Hant': {
    score: '得分',
    best: '最高',
    gameOver: '遊戲結束',
    newBest: '新紀錄！',
    bestIs: (best) => `最高 ${best}`,
    playAgain: '按 A 鍵、空白鍵或輕觸螢幕再玩一次',
    hint: {
      racer: '轉向：← → / 滑鼠 · 加速：空白鍵 / 點選',
      shooter: '移動：方向鍵 / 滑鼠 · 開火：空白鍵 / 點選',
      catcher: '接住星星，閃開炸彈 · 網子：空白鍵 / 點選',
    },
  },
};
