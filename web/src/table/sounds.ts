/**
 * The table's sounds, off unless the player turns them on: short tones
 * made with the Web Audio API as they are needed (no sound files to
 * download): a card drawn or picked up, a card laid on the table, a
 * discard, a burraco, the pozzetto, and the player's turn.
 */

export type Sound = "draw" | "lay" | "discard" | "burraco" | "pozzetto" | "turn";

/** Each sound as notes: frequency in Hz, start and length in seconds. */
const NOTES: Record<Sound, readonly [number, number, number][]> = {
  draw: [[520, 0, 0.06]],
  lay: [
    [440, 0, 0.07],
    [660, 0.06, 0.08],
  ],
  discard: [[300, 0, 0.1]],
  burraco: [
    [523, 0, 0.12],
    [659, 0.1, 0.12],
    [784, 0.2, 0.12],
    [1047, 0.3, 0.25],
  ],
  pozzetto: [
    [392, 0, 0.12],
    [587, 0.12, 0.2],
  ],
  turn: [
    [880, 0, 0.09],
    [660, 0.1, 0.14],
  ],
};

let context: AudioContext | null = null;

export function playSound(sound: Sound): void {
  try {
    context ??= new AudioContext();
    // A context made before the player touched the page starts suspended.
    if (context.state === "suspended") void context.resume();
    const start = context.currentTime + 0.01;
    for (const [frequency, at, length] of NOTES[sound]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = "triangle";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.18, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length + 0.02);
    }
  } catch {
    // No audio here (or not allowed yet): the table plays on in silence.
  }
}

/** The sound of an event, if it has one. */
export function soundOf(type: string, burraco: boolean): Sound | null {
  if (burraco) return "burraco";
  switch (type) {
    case "drew":
    case "pickedUp":
      return "draw";
    case "melded":
    case "attached":
      return "lay";
    case "discarded":
      return "discard";
    case "pozzettoTaken":
      return "pozzetto";
    default:
      return null;
  }
}
