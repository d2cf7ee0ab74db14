/**
 * A streamed game's sound, made on the server as a real cloud game's is: a
 * short music loop per kind of game and effects for what happens in play
 * (the action press, a point, a hit, the game's end), mixed into 10 ms
 * chunks of 48 kHz mono 16-bit PCM, the frame size libwebrtc's audio source
 * takes and encodes as Opus. Pure arithmetic: no native code, no clock (the
 * stream's loop decides when a chunk is due).
 */
import type { StreamGameState } from '../../web/api/contract.ts';
import type { GameKind } from './games/index.ts';

export const SOUND_RATE = 48_000;
/** Samples in one chunk: 10 ms, what an RTCAudioSource takes per call. */
export const SOUND_CHUNK = SOUND_RATE / 100;

export type SoundEffect = 'action' | 'point' | 'hit' | 'over';

export interface Sound {
  /** The next 10 ms of the mix. */
  chunk(): Int16Array;
  play(effect: SoundEffect): void;
}

/** The effects a tick's change of state makes, read as rumble is (mock-server/stream/rumble.ts). */
export function soundsFor(before: StreamGameState, after: StreamGameState): SoundEffect[] {
  const out: SoundEffect[] = [];
  if (after.presses > before.presses) out.push('action');
  if (after.score > before.score) out.push('point');
  // A restart gives the lives back: no hit there.
  if (after.lives < before.lives) out.push(after.over ? 'over' : 'hit');
  return out;
}

/** Semitones above A3 (220 Hz), one per eighth note; each game its own tune, a bar of eight. */
const TUNES: Record<GameKind, readonly number[]> = {
  racer: [0, 7, 12, 7, 3, 10, 15, 10],
  shooter: [0, 3, 7, 10, 12, 10, 7, 3],
  catcher: [0, 4, 7, 4, 5, 9, 12, 9],
};
const NOTE_SAMPLES = Math.round(SOUND_RATE * 0.18);
const MUSIC_LEVEL = 0.11;
const EFFECT_LEVEL = 0.32;

interface Voice {
  effect: SoundEffect;
  /** Samples played so far. */
  at: number;
  phase: number;
}

/** How long each effect lasts, in samples. */
const LENGTH: Record<SoundEffect, number> = {
  action: Math.round(SOUND_RATE * 0.08),
  point: Math.round(SOUND_RATE * 0.16),
  hit: Math.round(SOUND_RATE * 0.3),
  over: Math.round(SOUND_RATE * 0.9),
};

/** At most this many effects sound at once: a burst of presses must not clip the mix into noise. */
const MAX_VOICES = 6;

const hz = (semitones: number): number => 220 * 2 ** (semitones / 12);
const triangle = (phase: number): number => 4 * Math.abs(phase - Math.floor(phase + 0.5)) - 1;
const square = (phase: number): number => (phase - Math.floor(phase) < 0.5 ? 1 : -1);

export function createSound(o: { kind: GameKind; random?: () => number }): Sound {
  const tune = TUNES[o.kind];
  const random = o.random ?? Math.random;
  let t = 0;
  let musicPhase = 0;
  const voices: Voice[] = [];

  function music(): number {
    const note = Math.floor(t / NOTE_SAMPLES);
    const within = t - note * NOTE_SAMPLES;
    musicPhase += hz(tune[note % tune.length] ?? 0) / SOUND_RATE;
    // Each note starts at full level and fades, so the loop is heard as notes, not a drone.
    const envelope = Math.exp((-3 * within) / NOTE_SAMPLES);
    return triangle(musicPhase) * envelope * MUSIC_LEVEL;
  }

  function effect(v: Voice): number {
    const u = v.at / LENGTH[v.effect];
    const fade = 1 - u;
    switch (v.effect) {
      case 'action':
        // A blip that falls in pitch: a shot, a boost, a cast net.
        v.phase += (880 - 500 * u) / SOUND_RATE;
        return square(v.phase) * fade * 0.6;
      case 'point':
        // Two rising tones.
        v.phase += (u < 0.5 ? 988 : 1319) / SOUND_RATE;
        return triangle(v.phase) * fade;
      case 'hit':
        // A burst of noise over a low thud.
        v.phase += 70 / SOUND_RATE;
        return ((random() * 2 - 1) * 0.7 + Math.sin(2 * Math.PI * v.phase) * 0.5) * fade * fade;
      case 'over':
        // A slow falling tone.
        v.phase += (330 - 220 * u) / SOUND_RATE;
        return triangle(v.phase) * fade;
    }
  }

  return {
    play(effect) {
      if (voices.length >= MAX_VOICES) voices.shift();
      voices.push({ effect, at: 0, phase: 0 });
    },
    chunk() {
      const out = new Int16Array(SOUND_CHUNK);
      for (let i = 0; i < SOUND_CHUNK; i++) {
        let s = music();
        for (const v of voices) {
          s += effect(v) * EFFECT_LEVEL;
          v.at++;
        }
        t++;
        out[i] = Math.round(Math.max(-1, Math.min(1, s)) * 32_767);
      }
      for (let i = voices.length - 1; i >= 0; i--) {
        const v = voices[i] as Voice;
        if (v.at >= LENGTH[v.effect]) voices.splice(i, 1);
      }
      musicPhase -= Math.floor(musicPhase);
      return out;
    },
  };
}
