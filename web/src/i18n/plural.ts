/** "1 card", "2 cards": English and Italian both have one form for exactly one and another for the rest. */
export const plural = (n: number, one: string, other: string): string => (n === 1 ? one : other);
