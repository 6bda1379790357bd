-- Migration number: 0020 	 A seat given a fresh link by the game's creator (its player gone) is told to the player it was taken from: a player's own subscriptions that hear of their timeouts (what becomes of their seat) hear of it too (`seatReissued`). A game's own webhooks are left alone.
UPDATE notification_subscriptions
  SET events = json_insert(events, '$[#]', 'seatReissued')
  WHERE scope = 'player' AND events LIKE '%"timedOut"%' AND events NOT LIKE '%"seatReissued"%';
