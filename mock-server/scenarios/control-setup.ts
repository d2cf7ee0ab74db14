/**
 * The control API's handlers that set a session up (docs/qa-guide.md §2):
 * the named scenarios, applying one, a reset, the faults and the virtual
 * clock.
 */
import * as z from 'zod';
import { TooLargeError } from '../limits.ts';
import { check, FieldError, int, isObj, optional, text } from '../validate.ts';
import { bad, ControlError, type ControlHandler } from './control-call.ts';
import { clockState, sessionSummary } from './control-summary.ts';
import { parseFault, type FaultSpec } from './faults.ts';
import { UnknownScenarioError } from './index.ts';
import { parseScenario, type Scenario } from './parse.ts';

/** Largest single clock advance: virtual time is for minutes and hours of play, not for replaying years of timers. */
export const MAX_ADVANCE_MS = 30 * 24 * 60 * 60 * 1000;

/** POST /__mock/scenario: a named scenario or an inline one (checked by parseScenario), and whether to keep the state. */
const scenarioRequest = z.object({ keepState: optional(z.boolean()), name: optional(text({ max: 128 })), scenario: z.unknown().optional() });
/** POST /__mock/clock: switch to virtual time and/or move it. */
const clockRequest = z.strictObject(
  { virtual: optional(z.boolean()), advanceMs: optional(int({ min: 0, max: MAX_ADVANCE_MS })) },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? 'is not known: send {"virtual": true} and/or {"advanceMs": N}' : undefined) },
);

export const listScenarios: ControlHandler = ({ options }) => ({
  scenarios: options.scenarios.list().map((s) => ({ name: s.name, description: s.description })),
});

function inlineScenario(value: unknown): Scenario {
  try {
    return parseScenario(value);
  } catch (err) {
    if (!(err instanceof FieldError)) throw err;
    const message = `Invalid inline scenario: ${new FieldError(`scenario.${err.field}`, err.problem).message}`;
    throw err instanceof TooLargeError ? new ControlError(413, message) : bad(message);
  }
}

export const applyScenario: ControlHandler = async ({ session, options: o, object }) => {
  const body = check(scenarioRequest, await object());
  let scenario: Scenario | undefined;
  if (body.scenario !== undefined && body.scenario !== null) {
    if (body.name !== undefined) throw bad('Send either "name" (a named scenario) or "scenario" (an inline one), not both');
    scenario = inlineScenario(body.scenario);
  } else if (body.name !== undefined) {
    scenario = o.scenarios.get(body.name);
    if (!scenario) throw new ControlError(404, new UnknownScenarioError(body.name, o.scenarios.names()).message);
  } else {
    throw bad('Send {"name": "<scenario>"} or {"scenario": {...}}; GET /__mock/scenarios lists the names');
  }
  const keepState = body.keepState === true;
  session.apply(scenario, { keepState });
  o.log(`mock session ${session.name}: scenario ${scenario.name}${keepState ? ' (state kept)' : ''}`);
  return sessionSummary(session);
};

export const resetSession: ControlHandler = ({ session, options }) => {
  session.reset();
  options.log(`mock session ${session.name}: reset`);
  return sessionSummary(session);
};

function faultsFrom(value: unknown): FaultSpec[] {
  if (Array.isArray(value)) return value.map((f, i) => parseFault(f, `[${i}]`));
  if (isObj(value) && Array.isArray(value['faults'])) return value['faults'].map((f: unknown, i) => parseFault(f, `faults[${i}]`));
  return [parseFault(value)];
}

export const listFaults: ControlHandler = ({ session }) => ({ session: session.name, faults: session.faults.list() });

export const addFaults: ControlHandler = async ({ session, json }) => {
  const specs = faultsFrom(await json());
  session.faults.addAll(specs);
  return { session: session.name, added: specs.length, faults: session.faults.list() };
};

export const dropFaults: ControlHandler = ({ session }) => {
  const dropped = session.faults.size;
  session.faults.clear();
  return { session: session.name, dropped, faults: [] };
};

export const readClock: ControlHandler = ({ session }) => ({ session: session.name, ...clockState(session) });

export const setClock: ControlHandler = async ({ session, object }) => {
  const { virtual, advanceMs: advance } = check(clockRequest, await object());
  if (virtual === false && session.clock.virtual) throw bad('A virtual clock cannot go back to real time: POST /__mock/reset');
  if (virtual === undefined && advance === undefined) throw bad('Send {"virtual": true} and/or {"advanceMs": N}');
  if (virtual === true) session.clock.goVirtual();
  if (advance !== undefined) session.clock.advance(advance);
  return { session: session.name, ...clockState(session) };
};
