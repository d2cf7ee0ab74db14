import { useState } from 'react';
import { useLocation } from 'wouter';
import type { GameTag } from '../../../../api/contract.ts';
import { api } from '../../../../app/services.ts';
import { saveGuide } from '../../../../app/guide.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { useAsync } from '../../../../ui/use-async.ts';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('play/questionnaire', {
  genres: 'Which games do you like?',
  control: 'How will you play?',
  session: 'How long do you usually play?',
  network: 'Where do you play most?',
  genresFailed: 'Game genres could not be loaded.',
  touch: 'Touch screen',
  controller: 'Controller',
  keyboard: 'Keyboard and mouse',
  short: 'Under 30 minutes',
  medium: '30 minutes to 2 hours',
  long: 'Over 2 hours',
  wifi: 'Home Wi-Fi',
  mobile: 'Mobile data',
  both: 'Both',
  progress: params('Question {n} of {total}'),
  skip: 'Skip',
  pickMany: 'Pick as many as you like.',
  back: 'Back',
  start: 'Start playing',
  next: 'Next',
});

type Texts = ReturnType<typeof msgs.get>;

interface Question {
  key: string;
  title: string;
  multi: boolean;
  /** Each option's stored answer (the same in every language: a tag id, or the English name) and its label. */
  options: ReadonlyArray<readonly [answer: string, label: string]>;
}

/**
 * The questions in the language showing; the answers stored stay the same whatever it is. The genres
 * are the catalogue's own tags (stored by id), so home can match them against its games' tags.
 */
const questions = (t: Texts, tags: readonly GameTag[]): readonly Question[] => [
  {
    key: 'genres',
    title: t.genres,
    multi: true,
    options: tags.map((tag) => [String(tag.id), tag.name] as const),
  },
  {
    key: 'control',
    title: t.control,
    multi: false,
    options: [
      ['Touch screen', t.touch],
      ['Controller', t.controller],
      ['Keyboard and mouse', t.keyboard],
    ],
  },
  {
    key: 'session',
    title: t.session,
    multi: false,
    options: [
      ['Under 30 minutes', t.short],
      ['30 minutes to 2 hours', t.medium],
      ['Over 2 hours', t.long],
    ],
  },
  {
    key: 'network',
    title: t.network,
    multi: false,
    options: [
      ['Home Wi-Fi', t.wifi],
      ['Mobile data', t.mobile],
      ['Both', t.both],
    ],
  },
];

/**
 * A short first-run guide, offered once to a new player from home; answers go to the local database
 * guide store and shape home's recommendations, so answering or skipping returns there.
 */
export default function QuestionnairePage() {
  const [, navigate] = useLocation();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const t = useStore(msgs);
  const [tags, retryTags] = useAsync(() => api.getTagList({}, { silent: true }), []);

  const finish = async (skip: boolean): Promise<void> => {
    setSaving(true);
    await saveGuide(skip ? {} : answers).catch(() => undefined);
    navigate(PAGE_PATH.home, { replace: true });
  };

  const skipButton = (
    <Button variant="ghost" onClick={() => void finish(true)} disabled={saving}>
      {t.skip}
    </Button>
  );
  if (tags.status !== 'ready')
    return (
      <div className="scroll">
        <div className="guide">
          <div className="guide__top">
            <span />
            {skipButton}
          </div>
          {tags.status === 'loading' ? <Spinner /> : <LoadFailed message={t.genresFailed} onRetry={retryTags} />}
        </div>
      </div>
    );

  const QUESTIONS = questions(t, tags.value.list);
  const q = QUESTIONS[step];
  const last = step === QUESTIONS.length - 1;
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
            {t.progress({ n: step + 1, total: QUESTIONS.length })}
          </span>
          {skipButton}
        </div>
        <div className="guide__progress" aria-hidden="true">
          <span style={{ width: `${((step + 1) / QUESTIONS.length) * 100}%` }} />
        </div>
        <fieldset className="guide__q">
          <legend className="guide__title">{q.title}</legend>
          {q.multi && <p className="muted small">{t.pickMany}</p>}
          <div className="guide__options">
            {q.options.map(([opt, label]) => (
              <label key={opt} className={`option${chosen.includes(opt) ? ' option--on' : ''}`}>
                <input type={q.multi ? 'checkbox' : 'radio'} name={q.key} checked={chosen.includes(opt)} onChange={() => toggle(opt)} />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="guide__nav">
          {step > 0 && (
            <Button variant="secondary" onClick={() => setStep(step - 1)}>
              {t.back}
            </Button>
          )}
          {last ? (
            <Button onClick={() => void finish(false)} disabled={saving || chosen.length === 0}>
              {t.start}
            </Button>
          ) : (
            <Button onClick={() => setStep(step + 1)} disabled={chosen.length === 0}>
              {t.next}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
