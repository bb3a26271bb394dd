"""The signatures between processes (server/peer_auth.py): believed only with the deployment's
key, for the request as it was signed, while it is fresh; events likewise."""

from __future__ import annotations

import time

import pytest

from croupier.server import peer_auth
from croupier.server.bus import bus_has_credentials
from croupier.server.peer_auth import PeerKey


def test_a_signed_request_is_believed_only_as_it_was_signed(monkeypatch: pytest.MonkeyPatch):
    key = PeerKey("shared")
    headers = key.request_headers("a", "POST", "/tables/1/bets", "ana", b'{"amount": 100}')
    assert "ana" not in headers[peer_auth.SIGNATURE]
    assert key.verified(headers, "POST", "/tables/1/bets", b'{"amount": 100}') == ("ana", "")
    assert PeerKey("shared").verified(headers, "POST", "/tables/1/bets", b'{"amount": 100}')
    for method, path, body in (
        ("POST", "/tables/1/bets", b'{"amount": 999}'),  # another body
        ("POST", "/tables/2/bets", b'{"amount": 100}'),  # another table
        ("DELETE", "/tables/1/bets", b'{"amount": 100}'),  # another method
    ):
        assert key.verified(headers, method, path, body) is None
    assert PeerKey("other").verified(headers, "POST", "/tables/1/bets", b'{"amount": 100}') is None
    assert PeerKey(None).verified(headers, "POST", "/tables/1/bets", b'{"amount": 100}') is None
    for name, value in ((peer_auth.CALLER, "operator"), (peer_auth.PURPOSE, "watch")):
        changed = {**headers, name: value}  # a caller or a purpose not signed
        assert key.verified(changed, "POST", "/tables/1/bets", b'{"amount": 100}') is None
    later = time.time() + peer_auth.MAX_AGE + 1
    monkeypatch.setattr(peer_auth.time, "time", lambda: later)  # replayed too late
    assert key.verified(headers, "POST", "/tables/1/bets", b'{"amount": 100}') is None


def test_an_event_is_believed_only_with_its_signature() -> None:
    key = PeerKey("shared")
    sig = key.event_signature(3, "a", 7, None, '{"type": "x"}')
    assert key.event_holds(sig, 3, "a", 7, None, '{"type": "x"}')
    assert not key.event_holds(sig, 3, "a", 8, None, '{"type": "x"}')  # another sequence
    assert not key.event_holds(sig, 3, "a", 7, "ana", '{"type": "x"}')  # another recipient
    assert not key.event_holds(sig, 3, "a", 7, None, '{"type": "y"}')  # another text
    assert not key.event_holds(None, 3, "a", 7, None, '{"type": "x"}')
    assert not PeerKey("other").event_holds(sig, 3, "a", 7, None, '{"type": "x"}')


def test_a_bus_url_says_whether_it_carries_credentials() -> None:
    assert not bus_has_credentials("nats://127.0.0.1:4222/casino")
    assert bus_has_credentials("nats://user:secret@127.0.0.1:4222/casino")
    assert bus_has_credentials("tls://token@nats.example:4222")
