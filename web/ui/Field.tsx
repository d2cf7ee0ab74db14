import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'prefix'> & {
  label: string;
  /**
   * The message under the input: a string marks the field invalid, null or ""
   * shows an empty line that keeps its height. Left out, the field has no message line.
   */
  error?: string | null;
  /**
   * How a message is announced: "polite" for one that changes while typing,
   * "alert" for one that answers a submit.
   */
  announce?: 'polite' | 'alert';
  /** Inside the input's frame, before it (the login's country code). */
  prefix?: ReactNode;
  /** Inside the input's frame, after it (the login's "Send code"). */
  action?: ReactNode;
};

/** A labelled input with its frame and message line (forms.css): login, real-name, invitation code. */
export function Field({ label, error, announce = 'alert', prefix, action, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const hasHint = error !== undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={`field__row${error ? ' field__row--invalid' : ''}`}>
        {prefix}
        <input
          {...input}
          id={id}
          className="field__input"
          {...(hasHint ? { 'aria-invalid': !!error, 'aria-describedby': hintId } : {})}
        />
        {action}
      </div>
      {hasHint && (
        <span
          id={hintId}
          className="field__hint"
          {...(announce === 'polite' ? { 'aria-live': 'polite' as const } : { role: error ? 'alert' : undefined })}
        >
          {error ?? ''}
        </span>
      )}
    </div>
  );
}
