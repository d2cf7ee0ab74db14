/**
 * The control API's paths under `/__mock/` and their handlers, by method
 * (docs/qa-guide.md §2). A new control call is a handler in the file of
 * its area plus one line here.
 *
 *   GET    /__mock/scenarios   named scenarios: name, description
 *   POST   /__mock/scenario    {name} | {scenario: {...}}, keepState?: apply to the session
 *   POST   /__mock/reset       fresh session state
 *   POST   /__mock/faults      a fault, an array of faults, or {faults: [...]}
 *   GET    /__mock/faults      pending faults;  DELETE: drop them
 *   POST   /__mock/push        {socket: "duration"|"stream", message}: send to the session's open sockets
 *                               (a stream {type:"event", code, sc_id?} or a duration {code, event?, msg?} goes
 *                               through the game logic, so 43000/54001 also end the game session)
 *   GET    /__mock/journal     ?since=SEQ&kind=http,ws-in&limit=N
 *   GET    /__mock/events      ?event=NAME&limit=N: what the app reported with event_report, whole (field vitals among them)
 *   GET    /__mock/clock       {virtual, now}
 *   POST   /__mock/clock       {virtual: true} and/or {advanceMs: N}
 *   GET    /__mock/network     the stream network conditions in force and each stream's figures
 *   POST   /__mock/network     {latencyMs?, bitrateKbps?, dropPercent?, stall?, lossPercent?, bandwidthKbps?}: change them now (over the script's)
 *   DELETE /__mock/network     back to the script's conditions
 *   POST   /__mock/record      {action: "start"|"stop"};  GET: what it holds
 *   GET    /__mock/recording   ?name=: the recording as a scenario
 *   GET    /__mock/session     the session's scenario, script, faults, sockets, clock
 *   GET    /__mock/sessions    the cap, how many sessions and evictions; the names of every session and of the newest
 *                               evicted only with --admin (otherwise the caller's own session alone)
 */
import type { ControlRoute } from './control-call.ts';
import { listSessions, readEvents, readJournal, readSession } from './control-observe.ts';
import { readRecorder, readRecording, startOrStopRecorder } from './control-record.ts';
import { addFaults, applyScenario, dropFaults, listFaults, listScenarios, readClock, resetSession, setClock } from './control-setup.ts';
import { clearNetwork, push, readNetwork, setNetwork } from './control-sockets.ts';

export const CONTROL_ROUTES: Readonly<Record<string, ControlRoute>> = {
  scenarios: { GET: listScenarios },
  scenario: { POST: applyScenario },
  reset: { POST: resetSession },
  faults: { GET: listFaults, POST: addFaults, DELETE: dropFaults },
  push: { POST: push },
  journal: { GET: readJournal },
  events: { GET: readEvents },
  clock: { GET: readClock, POST: setClock },
  network: { GET: readNetwork, POST: setNetwork, DELETE: clearNetwork },
  session: { GET: readSession },
  record: { GET: readRecorder, POST: startOrStopRecorder },
  recording: { GET: readRecording },
  sessions: { GET: listSessions },
};
