/** The rules engine's version; bumped whenever a ruling could change a replay. */
export const ENGINE_VERSION = "1.0.0";
