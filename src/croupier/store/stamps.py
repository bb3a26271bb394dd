"""Timestamps as the store writes and reads them: always UTC, always with their offset."""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> datetime:
    return datetime.now(UTC)


def iso(when: datetime | None) -> str | None:
    """ISO 8601 with its UTC offset on both databases (SQLite hands back naive datetimes of
    what was written in UTC; issue 18, item 11)."""
    if when is None:
        return None
    return (when if when.tzinfo is not None else when.replace(tzinfo=UTC)).isoformat()
