"""The follower runtime: a follower reads the store's log from its tracked position and applies each batch of
events in one read-model transaction with its new position (`follower`, `batch`, `positions`); what it could
not apply is parked (`dead_letters`); who follows is told by heartbeats. Projections (read models) and
policies (side effects) both run on it; it knows neither."""
