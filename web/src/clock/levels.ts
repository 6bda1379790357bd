import type { ComputerLevel } from "../../../src/shared/wire/common";

/** The computer's levels, weakest first, as the lobby and the table's handover offer them (apart: a table never loads the lobby's clock). */
export const LEVELS: readonly ComputerLevel[] = ["beginner", "club", "expert"];
