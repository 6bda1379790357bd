-- Migration number: 0007 	 Timeouts and claims become notification events: every subscription that hears of turns or reminders (a player's own seat, or a group chat following the table) hears of them too. And the game index keeps how far a game's own clock runs ahead of the platform's (always 0 but in local tests' time travel), so that "my games" and emails count time left from the game's clock.
UPDATE notification_subscriptions
  SET events = json_insert(json_insert(events, '$[#]', 'timedOut'), '$[#]', 'claimed')
  WHERE (events LIKE '%"turn"%' OR events LIKE '%"reminder"%') AND events NOT LIKE '%"timedOut"%';
ALTER TABLE games ADD COLUMN clock_offset INTEGER NOT NULL DEFAULT 0;
