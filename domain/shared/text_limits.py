"""How long a text people write may be, where the business bounds it (the API's schemas take it from here)."""

# What staff write to a customer: why a sign-up, a profile edit or a booking is declined, what to revise.
STAFF_MESSAGE_MAX = 2000
