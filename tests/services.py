"""The services the tests use, the machine's own (a fresh machine and CI run them on loopback):
PostgreSQL, whose database ``test`` the tests empty and fill again, and NATS. Each may be named
elsewhere (``CROUPIER_TEST_DATABASE_URL``, ``CROUPIER_TEST_NATS_URL``); a test that needs one
and cannot reach it fails, it is never skipped."""

from __future__ import annotations

import os

POSTGRES_URL: str = (
    os.environ.get("CROUPIER_TEST_DATABASE_URL") or "postgresql://postgres@127.0.0.1:5432/test"
)
NATS_URL: str = os.environ.get("CROUPIER_TEST_NATS_URL") or "nats://127.0.0.1:4222"
