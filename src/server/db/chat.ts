import { database } from "./queries";
import { chatReports } from "./schema";

/** What a report keeps: the message as written, who wrote it and who reports it. */
export interface ReportedMessage {
  readonly gameId: string;
  readonly seq: number;
  readonly at: number;
  readonly author: number;
  readonly authorName: string | null;
  readonly authorPlayer: string | null;
  readonly reporter: number;
  readonly reporterPlayer: string | null;
  readonly text: string | null;
  readonly phrase: string | null;
}

/**
 * Keeps a reported chat message for the operator (docs/chat.md). A second
 * report of the same message by the same seat changes nothing: reporting is
 * idempotent, so a retried request never makes two rows.
 */
export async function keepReport(d1: D1Database, message: ReportedMessage, reason: string | null, now: number): Promise<void> {
  await database(d1)
    .insert(chatReports)
    .values({
      gameId: message.gameId,
      seq: message.seq,
      reporterSeat: message.reporter,
      reporterPlayer: message.reporterPlayer,
      authorSeat: message.author,
      authorName: message.authorName,
      authorPlayer: message.authorPlayer,
      text: message.text,
      phrase: message.phrase,
      reason,
      writtenAt: message.at,
      reportedAt: now,
    })
    .onConflictDoNothing();
}
