"""Booking notifications as webhooks (DCSA BookingNotification, signed by the Standard Webhooks scheme).

`policy`: the follower that decides what to notify and records one delivery per subscription. `steps`: what
each rate-request event means to the notification. `state`: the policy's tables (policy state, not read
models: replay keeps them). `queries`: the customer's delivery log and resend. The sender that posts the
deliveries is infrastructure (`infrastructure/webhook_sender.py`), one post at a time through
`infrastructure/webhook_delivery.py`.
"""
