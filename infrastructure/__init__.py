"""Infrastructure: the event store, group commit, transcoding, the read-model database, message delivery
and uploads. Adapters the domain never imports; api wires them (api/bootstrap.py)."""
