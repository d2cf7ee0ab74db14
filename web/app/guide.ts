/**
 * The questionnaire's answers in the local database's guide store (SPEC §3):
 * written by the questionnaire, read by home to shape its recommendations and
 * to offer the questionnaire once. Home imports this lazily: the database code
 * stays out of its first load.
 */
import { openDb } from './app-db.ts';
import type { HomeList, UserInfo } from '../api/contract.ts';
import { parseGuideAnswers, shapeRecommendations, shouldOfferQuestionnaire, type GuideAnswers } from '../state/recommend.ts';

const GUIDE_ANSWERS = 'questionnaire';
const GUIDE_DONE = 'questionnaire_done';

export interface GuideState {
  answers: GuideAnswers | null;
  /** Answered or skipped: never offered again. */
  done: boolean;
}

export async function saveGuide(answers: GuideAnswers): Promise<void> {
  const db = await openDb();
  try {
    await db.setGuide(GUIDE_ANSWERS, JSON.stringify(answers));
    await db.setGuide(GUIDE_DONE, true);
  } finally {
    db.close();
  }
}

/** What was stored; without a database (private mode, blocked) as if nothing was, so home still loads. */
export async function loadGuide(): Promise<GuideState> {
  try {
    const db = await openDb();
    try {
      return { answers: parseGuideAnswers(await db.getGuide(GUIDE_ANSWERS)), done: (await db.getGuide(GUIDE_DONE)) === true };
    } finally {
      db.close();
    }
  } catch {
    return { answers: null, done: false };
  }
}

/** Home's sections in the player's taste (state/recommend.ts), from the stored answers. */
export async function shapedHome(home: HomeList): Promise<HomeList> {
  const { answers } = await loadGuide();
  return { ...home, sections: shapeRecommendations(home.sections, answers) };
}

/** Whether home should open the questionnaire for this player now. */
export async function questionnaireDue(user: Pick<UserInfo, 'is_new_user'> | null): Promise<boolean> {
  return shouldOfferQuestionnaire(user, (await loadGuide()).done);
}
