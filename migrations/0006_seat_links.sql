-- Migration number: 0006 	 A seat's token sealed with the service's key, kept once the seat is used with a player key, so that its player's notifications link straight to it.
ALTER TABLE seats ADD COLUMN link_sealed TEXT;
