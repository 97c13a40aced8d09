"""DCSA Booking 2.0.5 on `/v2`: routes, the generated models (`models.py`) and the hand-written shapes
beside them, the mapping to and from the portal's booking, statuses, feedbacks and the notifications."""
