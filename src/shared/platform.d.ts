/**
 * The two globals the shared modules use beyond the language itself: every world they run in (browsers, Workers,
 * Node 16 and later) has them, but no one lib declares them for all three (tsconfig/core.json).
 */
declare function atob(data: string): string;
declare function btoa(data: string): string;
