"""Process managers: followers of the event log that act on it (each in a room of its own)."""
