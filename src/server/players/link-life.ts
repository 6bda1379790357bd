/**
 * How long a one-time link lives (players/links.ts), in a module of its own
 * so that the sign-in message's text (notify/sign-in.ts) can say it without
 * importing links.ts, which itself queues that message.
 */

/** How long a shown code lives: long enough to pick up the other device, short enough that a glance later is worthless. */
export const CODE_MINUTES = 10;
/** How long an emailed sign-in link lives. */
export const SIGN_IN_MINUTES = 30;
