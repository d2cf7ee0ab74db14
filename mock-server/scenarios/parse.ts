/**
 * Checking scenario data (files in fixtures/scenarios/ and inline scenarios
 * sent to `POST /__mock/scenario`) into a typed `Scenario`. Every problem is
 * a FieldError naming the field by its full path (`game.queue.positions[2]`);
 * unknown fields are refused (the game script's schema is game/script.ts).
 */
import * as z from 'zod';
import { gameScriptSchema } from '../game/script.ts';
import { check, known, optional, problem, text } from '../validate.ts';
import { checkFaultBody, faultSchema } from './faults.ts';
import { checkRecordedBodies, recordedSchema } from './recorded.ts';

export const SCENARIO_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
const MAX_FAULTS = 1000;

/** A scenario file named `expectedName`, or (undefined) an inline one, which may leave out name and description. */
const scenarioSchema = (expectedName: string | undefined) => {
  const named = expectedName !== undefined;
  return known({
    $comment: z.unknown().optional(),
    name: named
      ? text({ max: 64 }).superRefine((name, ctx) => {
          if (!SCENARIO_NAME.test(name)) problem(ctx, [], 'must be lower-case letters, digits and dashes, at most 64 characters');
          else if (name !== expectedName) problem(ctx, [], `must equal the file name "${expectedName}", got "${name}"`);
        })
      : optional(text({ max: 64, empty: true })),
    description: named ? text({ max: 2000 }) : optional(text({ max: 2000, empty: true })),
    game: optional(gameScriptSchema),
    /** Faults added to the session when the scenario is applied. */
    faults: optional(z.array(faultSchema).max(MAX_FAULTS)),
    /** Switch the session to virtual time when applied. */
    virtualClock: optional(z.boolean()),
    /** Answers and socket messages recorded from a session (recorded.ts), replayed in place of the live mock. */
    recorded: optional(recordedSchema),
  }).transform((s) => ({
    /** File name without .json; "inline" for one sent in a request. */
    name: s.name || 'inline',
    description: s.description ?? '',
    game: s.game ?? {},
    faults: s.faults ?? [],
    virtualClock: s.virtualClock ?? false,
    ...(s.recorded ? { recorded: s.recorded } : {}),
  }));
};

/** An inline scenario as QA sends it to `POST /__mock/scenario` (the typed client's `scenario({...})`). */
export type InlineScenario = Omit<z.input<ReturnType<typeof scenarioSchema>>, 'name' | 'description'> & { name?: string; description?: string };

export type Scenario = z.output<ReturnType<typeof scenarioSchema>> & {
  /** Absolute path of the file it was read from (named scenarios). */
  file?: string;
};

/**
 * Check a whole scenario. `expectedName` (a file's base name) must equal its `name`;
 * inline scenarios may leave out name and description.
 */
export function parseScenario(value: unknown, expectedName?: string): Scenario {
  const scenario = check(scenarioSchema(expectedName), value);
  scenario.faults.forEach((f, i) => checkFaultBody(f, `faults[${i}]`));
  if (scenario.recorded) checkRecordedBodies(scenario.recorded, 'recorded');
  return scenario;
}

/** The scenario every session starts in: the personas, every call answering normally. */
export const DEFAULT_SCENARIO_DATA: Scenario = {
  name: 'default',
  description: 'Personas from fixtures/users.json; every call answers normally, on the app clock.',
  game: {},
  faults: [],
  virtualClock: false,
};

/** A deep copy, so a session can never change a shared scenario. */
export function copyScenario(s: Scenario): Scenario {
  return structuredClone(s);
}
