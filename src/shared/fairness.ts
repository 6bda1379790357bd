/**
 * The text a deal commitment hashes (docs/fairness.md): the salt, a colon,
 * and the deal as docs/record.md JSON with its keys in this order. The game
 * room commits with it and the browser checks with it, so both hash the
 * same text whatever order a deal's keys arrived in.
 */
export function commitmentText(salt: string, deal: Readonly<Record<string, unknown>>): string {
  const { dealer, hands, pozzetti, discard, stock } = deal;
  return `${salt}:${JSON.stringify({ dealer, hands, pozzetti, discard, stock })}`;
}
