/**
 * Checks one input message from a client (stream socket or data channel)
 * into the contract's StreamInputMessage, or says what is wrong with it.
 * `seq` may be left out by hand-written QA clients: such input still plays,
 * it just moves no frame's input_seq.
 */
import type { StreamInputMessage } from '../../web/api/contract.ts';
import type { Obj } from '../validate.ts';

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const numbers = (v: unknown, max: number): v is number[] => Array.isArray(v) && v.length <= max && v.every(isNum);
const POINTER_ACTIONS = ['down', 'move', 'up'] as const;
const MOUSE_ACTIONS = ['down', 'move', 'up', 'wheel'] as const;
const MAX_SEQ = 2 ** 52;

export function parseInput(msg: Obj): { input: StreamInputMessage } | { error: string } {
  const rawSeq = msg['seq'];
  if (rawSeq !== undefined && !(Number.isSafeInteger(rawSeq) && (rawSeq as number) >= 0 && (rawSeq as number) < MAX_SEQ)) {
    return { error: 'input seq must be a whole number ≥ 0' };
  }
  const seq = (rawSeq as number | undefined) ?? 0;
  switch (msg['device']) {
    case 'gamepad':
      return numbers(msg['buttons'], 17) && numbers(msg['axes'], 4)
        ? { input: { type: 'input', seq, device: 'gamepad', buttons: msg['buttons'], axes: msg['axes'] } }
        : { error: 'gamepad input needs buttons (up to 17 numbers) and axes (up to 4 numbers)' };
    case 'keyboard':
      return typeof msg['key'] === 'string' && msg['key'].length <= 32 && typeof msg['down'] === 'boolean'
        ? { input: { type: 'input', seq, device: 'keyboard', key: msg['key'], down: msg['down'] } }
        : { error: 'keyboard input needs key (a KeyboardEvent.code string) and down (true or false)' };
    case 'touch': {
      const action = POINTER_ACTIONS.find((a) => a === msg['action']);
      return isNum(msg['x']) && isNum(msg['y']) && action
        ? { input: { type: 'input', seq, device: 'touch', x: msg['x'], y: msg['y'], action } }
        : { error: 'touch input needs x, y (numbers, 0–1) and action ("down", "move" or "up")' };
    }
    case 'mouse': {
      const action = MOUSE_ACTIONS.find((a) => a === msg['action']);
      const dx = msg['dx'] ?? 0;
      const dy = msg['dy'] ?? 0;
      const optional = (k: string): boolean => msg[k] === undefined || isNum(msg[k]);
      if (!action || !isNum(dx) || !isNum(dy) || !optional('button') || !optional('buttons') || !optional('wheel')) {
        return { error: 'mouse input needs action ("down", "move", "up" or "wheel"), dx and dy (numbers); button, buttons and wheel are numbers' };
      }
      const input: StreamInputMessage = { type: 'input', seq, device: 'mouse', action, dx, dy };
      if (msg['button'] !== undefined) input.button = msg['button'] as number;
      if (msg['buttons'] !== undefined) input.buttons = msg['buttons'] as number;
      if (msg['wheel'] !== undefined) input.wheel = msg['wheel'] as number;
      return { input };
    }
    default:
      return { error: 'input device must be "gamepad", "keyboard", "touch" or "mouse"' };
  }
}
