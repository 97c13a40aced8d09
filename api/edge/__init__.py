"""The HTTP edge: what every request passes before and after a route. Its middlewares (forwarded address,
security headers, body limit, path guard, log redaction), the input screen, who is asking (identity, tokens,
sessions, the integration doors' keys) and the request dependencies, attempt limits, and the one envelope
every answer and every error leaves in."""
