"""Messages in the players' languages (issue 29, items 1-2): "every message the server sends
(refusals, announcements, warnings, results...) in Portuguese (pt-PT), Traditional Chinese
(zh-Hant, as used in Macau) and English ... Numbers, amounts, dates and times formatted by
locale"; "refusals, events and settlements carry a stable message key and its parameters beside
the text, and the text follows Accept-Language"."""

from __future__ import annotations

import json

import pytest

from croupier.errors import RuleViolation
from croupier.i18n.catalogue import language_of, localized, negotiate, translate
from croupier.i18n.events import keyed, localize_text
from croupier.i18n.message import Msg, When, msg
from croupier.money import MoneyPolicy
from croupier.protection.limits import LimitReached, Standing, verify_losses
from croupier.table.cycle import NO_MORE_BETS


def test_accept_language_picks_the_best_of_croupiers_languages() -> None:
    assert negotiate("pt-PT,pt;q=0.9,en;q=0.8") == "pt-PT"
    assert negotiate("pt-BR") == "pt-PT"  # Portuguese, as croupier writes it
    assert negotiate("zh-MO,zh;q=0.9") == "zh-Hant"
    assert negotiate("zh-TW") == "zh-Hant"
    assert negotiate("fr-FR,en;q=0.5,zh-Hant;q=0.7") == "zh-Hant"  # the q-values decide
    assert negotiate("de-DE") == "en" and negotiate(None) == "en" and negotiate("") == "en"
    assert negotiate("pt;q=0, en") == "en"  # q=0: not acceptable
    assert negotiate("x" * 10_000) == "en"  # bounded: a huge header is no work
    assert language_of("pt_PT.UTF-8") == "pt-PT" and language_of("zh_TW.UTF-8") == "zh-Hant"
    assert language_of("C") is None


def test_a_refusal_carries_its_key_and_parameters_and_reads_in_each_language() -> None:
    """The stake refused for the balance: the English text unchanged, the key its template, the
    amount a typed parameter (minor units, digits, currency) that Portuguese writes with a
    decimal comma and a space between thousands."""
    money = MoneyPolicy(currency="EUR")
    refusal = RuleViolation(
        "amount",
        msg("{kind} bet {amount} is below the minimum {minimum}", kind="tie",
            amount=money.format(1), minimum=money.format(1_234_00)),
        "PT 812/2015 rule 14",
    )  # fmt: skip
    detail = refusal.detail()
    assert detail["message"] == "tie bet 0.01 EUR is below the minimum 1,234.00 EUR"
    assert detail["key"] == "{kind} bet {amount} is below the minimum {minimum}"
    assert detail["params"]["minimum"] == {"minor": 1_234_00, "digits": 2, "currency": "EUR"}
    portuguese = localized(detail, "pt-PT")["message"]
    assert portuguese == "a aposta em Empate 0,01 EUR está abaixo do mínimo 1\u00a0234,00 EUR"
    chinese = localized(detail, "zh-Hant")["message"]
    assert chinese == "和局投注 0.01 EUR 低於最低限額 1,234.00 EUR"
    assert localized(detail, "en") == detail  # English: the detail as it is
    assert json.loads(json.dumps(detail)) == detail  # JSON all through


def test_a_limit_refusal_writes_its_reset_in_the_locales_calendar() -> None:
    standing = Standing("loss_day", 50_00, 30_00, 1_795_824_000.0)  # 28 Nov 2026 00:00 UTC
    with pytest.raises(LimitReached) as refused:
        verify_losses([standing], 20_01)
    detail = refused.value.detail()
    assert detail["params"]["resets_at"] == {
        "moment": "2026-11-28T00:00:00Z",
        "seconds": 1_795_824_000.0,
    }
    text = localized(detail, "pt-PT")["message"]
    assert text.startswith("a aposta 2001 ultrapassa o seu limite diário de perdas 5000")
    assert "28/11/2026" in text and text.endswith("UTC")
    assert "2026年11月28日" in localized(detail, "zh-Hant")["message"]


def test_an_event_carries_the_key_of_each_text_and_a_connection_reads_it_in_its_language() -> None:
    """The table's announcement (PT rule 27) is sent once, in English with its key; a
    connection that asked for Portuguese or Chinese has it in its language."""
    event = keyed({"type": "betting_closed", "round": 3, "announcement": NO_MORE_BETS})
    assert event["i18n"] == {
        "announcement": {"key": "No more bets, cards being dealt", "params": {}}
    }
    text = json.dumps(event)
    assert json.loads(localize_text(text, "en"))["announcement"] == NO_MORE_BETS
    assert json.loads(localize_text(text, "pt-PT"))["announcement"] == (
        "Não há mais apostas, vão ser dadas as cartas"
    )
    assert json.loads(localize_text(text, "zh-Hant"))["announcement"] == "停止投注，開始發牌"
    assert localize_text('{"type":"bets"}', "zh-Hant") == '{"type":"bets"}'  # no text: as is


def test_a_text_is_its_own_key_and_a_missing_parameter_never_breaks_a_message() -> None:
    assert Msg("the table is full").key == "the table is full"
    assert translate("the table is full", "pt-PT") == "a mesa está cheia"
    broken = Msg("no player {name}")  # a key read back without its parameter
    assert str(broken) == "no player {name}"
    assert translate(Msg("no player {name}", name="ana"), "zh-Hant") == "沒有玩家 ana"
    assert str(When("2026-11-28T00:00:00Z", 0.0)) == "2026-11-28T00:00:00Z"
