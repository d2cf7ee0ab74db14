/**
 * The fault form as data: what QA typed, checked and turned into the fault
 * `POST /__mock/faults` takes (faults.ts's rules: at least one effect, a
 * drop alone). A mistake answers the message to show, never a bad request.
 */
import type { FaultInput } from '../../../mock-server/client/types.ts';

export type FaultEffect = 'status' | 'body' | 'delay' | 'drop' | 'malformed';

export interface FaultForm {
  /** API path or prefix ("user/send_code"); '' for every request. */
  path: string;
  /** '' for any method. */
  method: string;
  count: string;
  effect: FaultEffect;
  status: string;
  /** JSON (an envelope) or plain text. */
  body: string;
  delayMs: string;
}

export const EMPTY_FAULT_FORM: FaultForm = {
  path: '',
  method: '',
  count: '1',
  effect: 'body',
  status: '500',
  body: '{"code": 40000, "msg": "Fault from the QA console", "data": null}',
  delayMs: '5000',
};

const whole = (text: string, name: string, min: number, max: number): number | string => {
  const t = text.trim();
  if (!/^\d{1,9}$/.test(t) || Number(t) < min || Number(t) > max) return `${name} must be a whole number from ${min} to ${max}`;
  return Number(t);
};

/** The fault to send, or the problem to show. */
export function faultFromForm(f: FaultForm): { fault: FaultInput } | { error: string } {
  const count = whole(f.count, 'Count', 1, 100_000);
  if (typeof count === 'string') return { error: count };
  const fault: FaultInput = { count };
  const path = f.path.trim();
  if (path !== '' || f.method !== '') fault.match = { ...(path !== '' ? { path } : {}), ...(f.method !== '' ? { method: f.method } : {}) };
  switch (f.effect) {
    case 'status': {
      const status = whole(f.status, 'Status', 100, 599);
      if (typeof status === 'string') return { error: status };
      fault.status = status;
      break;
    }
    case 'body': {
      const text = f.body.trim();
      if (text === '') return { error: 'Body is empty: write the JSON (or text) to answer' };
      try {
        fault.body = JSON.parse(text) as unknown;
      } catch {
        // Not JSON: the mock sends a string as is.
        fault.body = text;
      }
      break;
    }
    case 'delay': {
      const delay = whole(f.delayMs, 'Delay', 0, 24 * 60 * 60 * 1000);
      if (typeof delay === 'string') return { error: delay };
      fault.delayMs = delay;
      break;
    }
    case 'drop':
      fault.drop = true;
      break;
    case 'malformed':
      fault.malformed = true;
      break;
  }
  return { fault };
}
