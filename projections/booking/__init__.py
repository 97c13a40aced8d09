"""Read models of the booking context: handlers (tables and events), reference (seeded tables), queries."""
