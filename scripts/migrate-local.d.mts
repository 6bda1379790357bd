export function logShards(): string[];
