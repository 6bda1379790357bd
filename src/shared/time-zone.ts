/**
 * Whether the runtime knows a time zone by this IANA name ("Europe/Rome").
 * No schema library here: the server's schemas and the web client both use it.
 */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
