import { useState } from 'react';
import { useLocation } from 'wouter';
import { openDb } from '../../../../app/app-db.ts';
import { Button } from '../../../../ui/Button.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';

interface Question {
  key: string;
  title: string;
  multi: boolean;
  options: string[];
}

const QUESTIONS: readonly Question[] = [
  { key: 'genres', title: 'Which games do you like?', multi: true, options: ['Action', 'RPG', 'Racing', 'Sports', 'Strategy', 'Shooter', 'Puzzle', 'Adventure'] },
  { key: 'control', title: 'How will you play?', multi: false, options: ['Touch screen', 'Controller', 'Keyboard and mouse'] },
  { key: 'session', title: 'How long do you usually play?', multi: false, options: ['Under 30 minutes', '30 minutes to 2 hours', 'Over 2 hours'] },
  { key: 'network', title: 'Where do you play most?', multi: false, options: ['Home Wi-Fi', 'Mobile data', 'Both'] },
];

const GUIDE_ANSWERS = 'questionnaire';
const GUIDE_DONE = 'questionnaire_done';

async function save(answers: Record<string, string[]>): Promise<void> {
  const db = await openDb();
  try {
    await db.setGuide(GUIDE_ANSWERS, JSON.stringify(answers));
    await db.setGuide(GUIDE_DONE, true);
  } finally {
    db.close();
  }
}

/** A short first-run guide; answers go to the local database guide store. */
export default function QuestionnairePage() {
  const [, navigate] = useLocation();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const q = QUESTIONS[step];
  const last = step === QUESTIONS.length - 1;

  const finish = async (skip: boolean): Promise<void> => {
    setSaving(true);
    await save(skip ? {} : answers).catch(() => undefined);
    navigate(PAGE_PATH.gameLibrary, { replace: true });
  };

  if (!q) return null;
  const chosen = answers[q.key] ?? [];
  const toggle = (opt: string): void => {
    const next = q.multi ? (chosen.includes(opt) ? chosen.filter((o) => o !== opt) : [...chosen, opt]) : [opt];
    setAnswers({ ...answers, [q.key]: next });
  };

  return (
    <div className="scroll">
      <div className="guide">
        <div className="guide__top">
          <span className="muted small">
            Question {step + 1} of {QUESTIONS.length}
          </span>
          <Button variant="ghost" onClick={() => void finish(true)} disabled={saving}>
            Skip
          </Button>
        </div>
        <div className="guide__progress" aria-hidden="true">
          <span style={{ width: `${((step + 1) / QUESTIONS.length) * 100}%` }} />
        </div>
        <fieldset className="guide__q">
          <legend className="guide__title">{q.title}</legend>
          {q.multi && <p className="muted small">Pick as many as you like.</p>}
          <div className="guide__options">
            {q.options.map((opt) => (
              <label key={opt} className={`option${chosen.includes(opt) ? ' option--on' : ''}`}>
                <input type={q.multi ? 'checkbox' : 'radio'} name={q.key} checked={chosen.includes(opt)} onChange={() => toggle(opt)} />
                {opt}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="guide__nav">
          {step > 0 && (
            <Button variant="secondary" onClick={() => setStep(step - 1)}>
              Back
            </Button>
          )}
          {last ? (
            <Button onClick={() => void finish(false)} disabled={saving || chosen.length === 0}>
              Start playing
            </Button>
          ) : (
            <Button onClick={() => setStep(step + 1)} disabled={chosen.length === 0}>
              Next
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
