"""The DCSA doors, one package per standard: `booking/` (Booking 2.0.5 on `/v2`, its notifications and their
webhook documentation), `schedules/` (Commercial Schedules 1.0 on `/v1`), `tracking/` (Track & Trace 3.0 on
`/v3/events`). Each holds its routes, its models and its mapping to the portal's read models; what they share
is here: the door's error answers (`errors.py`, `door.py`) and the standard's `oneOf` (`one_of.py`)."""
