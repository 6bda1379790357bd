/**
 * What moves and sounds at the table (others' moves played back, cards
 * flying, the sounds): a chunk of its own, loaded as the table opens, so
 * the page's first script stays small.
 */
export { fly, measure } from "./fly";
export { Playback } from "./playback";
export { playSound, soundOf } from "./sounds";
