"""The API in every language, through a real server on both databases (issue 29, item 2): "The
API speaks every language: refusals, events and settlements carry a stable message key and its
parameters beside the text, and the text follows Accept-Language (REST) or the language the
WebSocket client asked for, so any client can render them"; item 1: the language "remembered
per player"."""

from __future__ import annotations

import json

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

from tests.server.conftest import RunningServer, receive_until

DEPOSIT = 1_000_00


def test_a_rest_refusal_follows_accept_language_with_its_key_and_parameters(
    server: RunningServer,
) -> None:
    """PT rule 14: a bet under the table's minimum is refused: in English by default, in the
    language Accept-Language asks for, the key and the parameters the same in each."""
    ana = server.player("ana", DEPOSIT)
    table = server.open_table(betting_seconds=600)["id"]
    server.sit(table, ana)
    answers = {}
    for language in ("en", "pt-PT,pt;q=0.9", "zh-MO"):
        refused = server.http.post(
            f"/tables/{table}/bets",
            json={"kind": "tie", "amount": 1},
            headers={**server.auth(ana), "Accept-Language": language},
        )
        assert refused.status_code == 422
        answers[language] = refused.json()["detail"]
    assert answers["en"]["message"] == "tie bet 0.01 EUR is below the minimum 1.00 EUR"
    assert answers["pt-PT,pt;q=0.9"]["message"] == (
        "a aposta em Empate 0,01 EUR está abaixo do mínimo 1,00 EUR"
    )
    assert answers["zh-MO"]["message"] == "和局投注 0.01 EUR 低於最低限額 1.00 EUR"
    keys = {(d["key"], json.dumps(d["params"], sort_keys=True)) for d in answers.values()}
    assert len(keys) == 1  # one key, one set of parameters: any client renders them
    assert answers["en"]["params"]["amount"] == {"minor": 1, "digits": 2, "currency": "EUR"}
    missing = server.http.get("/tables/999999", headers={"Accept-Language": "pt-PT"})
    assert missing.status_code == 404
    assert missing.json()["detail"]["message"] == "a mesa 999999 não corre neste processo"


def test_a_websocket_client_reads_the_tables_events_in_the_language_it_asked_for(
    server: RunningServer,
) -> None:
    """The table's call when the window closes (PT rule 27, "No more bets"), told to a
    Portuguese and a Chinese watcher in their languages, each with its key; a refusal on the
    socket too."""
    ana = server.player("ana", DEPOSIT)
    table = server.open_table(betting_seconds=20, pause_seconds=0)["id"]
    server.sit(table, ana)
    url = f"ws://127.0.0.1:{server.port}/tables/{table}/ws"
    portuguese = ws_connect(url + "?lang=pt-PT", open_timeout=10)
    chinese = ws_connect(url, open_timeout=10, additional_headers={"Accept-Language": "zh-Hant-MO"})
    player = ws_connect(
        url + "?lang=pt",
        open_timeout=10,
        additional_headers={"Authorization": ana["Authorization"]},
    )
    try:
        player.send(json.dumps({"type": "bet", "kind": "tie", "amount": 1, "ref": 1}))
        refusal = receive_until(player, "refused")[-1]
        assert refusal["message"] == "a aposta em Empate 0,01 EUR está abaixo do mínimo 1,00 EUR"
        assert refusal["key"] == "{kind} bet {amount} is below the minimum {minimum}"
        assert server.bet(table, ana, "banker", 5_00).status_code == 201
        server.advance(20)
        closed_pt = receive_until(portuguese, "betting_closed")[-1]
        closed_zh = receive_until(chinese, "betting_closed")[-1]
        assert closed_pt["announcement"] == "Não há mais apostas, vão ser dadas as cartas"
        assert closed_zh["announcement"] == "停止投注，開始發牌"
        key = {"key": "No more bets, cards being dealt", "params": {}}
        assert closed_pt["i18n"]["announcement"] == closed_zh["i18n"]["announcement"] == key
    finally:
        for socket in (portuguese, chinese, player):
            socket.close()


def test_the_excluded_players_socket_closes_with_the_reason_in_their_language(
    server: RunningServer,
) -> None:
    """RJO art. 39: the excluded player is taken out at once and told why, in Chinese here
    (a WebSocket close reason holds 123 bytes at most: the Chinese one fits)."""
    ana = server.player("ana", DEPOSIT)
    table = server.open_table(betting_seconds=600)["id"]
    server.sit(table, ana)
    url = f"ws://127.0.0.1:{server.port}/tables/{table}/ws?lang=zh-Hant"
    socket = ws_connect(
        url, open_timeout=10, additional_headers={"Authorization": ana["Authorization"]}
    )
    try:
        out = server.http.post(
            "/me/exclusions", json={"kind": "timeout", "hours": 24}, headers=server.auth(ana)
        )
        assert out.status_code == 201
        try:
            while True:
                socket.recv(timeout=10)
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 4451
            assert closed.rcvd.reason == "你被禁止參與博彩（RJO 第三十九條）：你的賬戶仍然開放"
    finally:
        socket.close()


def test_the_players_language_is_remembered_and_checked(server: RunningServer) -> None:
    ana = server.player("ana")
    assert server.http.get("/me", headers=server.auth(ana)).json()["language"] is None
    chosen = server.http.put("/me/language", json={"language": "zh-Hant"}, headers=server.auth(ana))
    assert chosen.status_code == 200
    assert server.http.get("/me", headers=server.auth(ana)).json()["language"] == "zh-Hant"
    bad = server.http.put(
        "/me/language", json={"language": "fr"},
        headers={**server.auth(ana), "Accept-Language": "pt-PT"},
    )  # fmt: skip
    assert bad.status_code == 422
    (error,) = bad.json()["detail"]  # the schema's own refusal, in Portuguese too
    assert error["loc"] == ["body", "language"] and error["key"] == "Input should be {expected}"
    assert error["msg"] == "O valor deve ser 'pt-PT', 'zh-Hant' or 'en'"
    short = server.http.post(
        "/demo/players", json={"name": ""}, headers={"Accept-Language": "zh-Hant"}
    ).json()["detail"][0]
    assert short["msg"] == "文字最少須有 1 個字元" and short["params"] == {"min_length": 1}
    assert server.http.get("/me", headers=server.auth(ana)).json()["language"] == "zh-Hant"
    catalogue = server.http.get("/i18n/pt-PT.json")
    assert catalogue.status_code == 200 and catalogue.json()["term:banker"] == "Banca"
    assert server.http.get("/i18n/fr.json").status_code == 404
