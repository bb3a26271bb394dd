"""Every shoe procedure of Macau baccarat arts. 2, 3 and 8, checked card by card against a model
written from the text, over many seeded shoes of every kind the rulesets allow.

Art. 2(1): "o «croupier» ... coloca uma carta branca antes das últimas doze cartas,
aproximadamente ... De seguida, o «croupier» retira do distribuidor as primeiras cartas —
consoante o número de baralhos — as quais são inutilizadas, ou, em alternativa, o número de
cartas a descartar ... é determinado pelo valor facial da primeira carta" (a cut card before
about the last twelve cards; then the first cards are burned: as many as there are decks, or as
many as the first card's face value).
Art. 2(2): "A casa pode realizar jogadas de demonstração até ao limite máximo de três jogadas,
no início da distribuição das cartas de cada distribuidor" (up to three demonstration hands at
the start of each shoe).
Art. 2(3): "Se for utilizado o baralhador-distribuidor automático, as cartas são colocadas no
aparelho e depois retiradas directamente sem que haja lugar ao procedimento previsto no n.º 1"
(with an automatic shuffler-dealer: no cut card, no burn).
Art. 3(1): "O aparecimento da carta branca indica ou final da partida ou que apenas há mais uma
jogada. Tirada aquela carta e decidido o último lance, as cartas são de novo baralhadas" (the
cut card ends the shoe, or allows one more coup; then the cards are shuffled again).
Art. 8: "a casa reserva-se o direito de retirar, ou não, uma carta do distribuidor («shoe») no
início de cada lance" (the house may burn one card at the start of each coup).
"""

from __future__ import annotations

import random

import pytest

from croupier.cards import RANKS, new_decks
from croupier.rng import SeededRandomSource
from croupier.shoe import Burn, EndOfShoe, Shoe, ShoeMode, ShoeSpec


def face_value(card: int) -> int:
    """Art. 2(1)'s "valor facial": an ace 1, two to nine their pips, a ten or a picture 10."""
    rank = RANKS[card // 4]
    return {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}.get(rank) or int(rank)


def random_spec(rnd: random.Random) -> ShoeSpec:
    decks = rnd.choice([1, 2, 6, 8])
    if rnd.random() < 0.2:
        return ShoeSpec(decks, mode=ShoeMode.CONTINUOUS)
    spread = rnd.choice([0, 0, 1, 3])
    cut = rnd.randint(13 + spread, 26 - spread)  # room for the coup after the cut card
    burn = rnd.choice(list(Burn))
    return ShoeSpec(
        decks,
        cut_card=cut,
        cut_card_spread=spread,
        burn=burn,
        burn_cards=rnd.randint(1, 8) if burn is Burn.FIXED else 0,
        burn_each_round=rnd.random() < 0.5,
        demonstration_hands=rnd.randint(0, 3),
        end_of_shoe=rnd.choice(list(EndOfShoe)),
    )


def expected_burn(spec: ShoeSpec, order) -> tuple[tuple[int, ...], int | None]:
    if spec.mode is ShoeMode.CONTINUOUS or spec.burn is Burn.NONE:  # art. 2(3)
        return (), None
    if spec.burn is Burn.DECKS:  # art. 2(1), "consoante o número de baralhos"
        return tuple(order[: spec.decks]), None
    if spec.burn is Burn.FIXED:
        return tuple(order[: spec.burn_cards]), None
    first = order[0]  # art. 2(1), "o valor facial da primeira carta"
    return tuple(order[: 1 + face_value(first)]), first


@pytest.mark.cites("macau-baccarat-2004", "art. 2", "art. 2(1)", "art. 2(2)", "art. 2(3)")
@pytest.mark.cites("macau-baccarat-2004", "art. 3", "art. 3(1)", "art. 8")
@pytest.mark.parametrize("seed", range(40))
def test_a_shoe_follows_arts_2_3_and_8_card_by_card(seed):
    rnd = random.Random(seed)
    spec = random_spec(rnd)
    shoe = Shoe(spec, SeededRandomSource(seed))
    assert shoe.finished is True  # nothing shuffled yet: no round may be dealt from it
    start = shoe.shuffle()
    shoes = 1
    for _ in range(3 if spec.mode is ShoeMode.MANUAL else 1):  # a full shoe, then two more
        order = shoe.order
        assert sorted(order) == sorted(new_decks(spec.decks))
        assert start.number == shoes == shoe.number
        burned, shown = expected_burn(spec, order)
        assert (start.burned, start.burn_shown) == (burned, shown)
        position = len(burned)
        if spec.mode is ShoeMode.CONTINUOUS:  # art. 2(3): no cut card
            assert start.cut_card_index is None and shoe.demonstrations_left == 0
            cut = None
        else:  # art. 2(1): before about the last cards, within the table's spread
            cut = start.cut_card_index
            back = spec.size - cut
            assert abs(back - spec.cut_card) <= spec.cut_card_spread
            assert shoe.demonstrations_left == spec.demonstration_hands
        cut_out_in = None if cut is None or position <= cut else 1
        rounds = 0
        while True:
            assert shoe.finished is False
            assert shoe.cut_card_out is (cut_out_in is not None)
            due = shoe.demonstrations_left
            demo = due > 0 and rnd.random() < 0.7
            if due == 0 and rnd.random() < 0.3:  # art. 2(2): only up to the hands due
                with pytest.raises(RuntimeError, match=r"2\(2\)"):
                    shoe.begin_round(demonstration=True)
            got = shoe.begin_round(demonstration=True) if demo else shoe.begin_round()
            # demonstrations open a shoe: the first real coup ends them (art. 2(2))
            assert shoe.demonstrations_left == (due - 1 if demo else 0)
            with pytest.raises(RuntimeError):  # one coup at a time
                shoe.begin_round()
            rounds += 1
            if spec.mode is ShoeMode.CONTINUOUS:  # art. 2(3): every round from a fresh set
                shoes += 1
                assert shoe.number == shoes and shoe.dealt == () and got == ()
                order = shoe.order
                position = 0
            if spec.burn_each_round and spec.mode is ShoeMode.MANUAL:  # art. 8
                assert got == (order[position],)
                position += 1
            else:
                assert got == ()
            for _ in range(rnd.randint(4, 6)):
                card = shoe.draw()
                assert card == order[position]
                if cut is not None and cut_out_in is None and position >= cut:
                    cut_out_in = rounds  # art. 3(1): the cut card came out in this coup
                position += 1
            assert shoe.dealt == tuple(order[:position])
            assert shoe.cards_remaining == spec.size - position
            shoe.end_round()
            if spec.mode is ShoeMode.CONTINUOUS:
                assert shoe.finished is False and shoe.cut_card_out is False
                break
            last = (
                None
                if cut_out_in is None
                else cut_out_in + (1 if spec.end_of_shoe is EndOfShoe.ONE_MORE_ROUND else 0)
            )
            if last is not None and rounds >= last:  # art. 3(1): the shoe is over
                assert shoe.finished is True
                break
        if spec.mode is ShoeMode.MANUAL:
            # the next coup opens a new shoe, shuffled again (art. 3(1)), burned by art. 2(1)
            demo = spec.demonstration_hands > 0  # due again at the new shoe (art. 2(2))
            shoe.begin_round(demonstration=demo)
            shoes += 1
            assert shoe.demonstrations_left == max(spec.demonstration_hands - 1, 0)
            start = shoe.starts[-1]
            assert shoe.number == shoes and len(shoe.starts) == shoes
            shoe.end_round()
            start = shoe.replace()  # and the house may replace it between coups (art. 3(2))
            shoes += 1
            assert shoe.number == shoes


@pytest.mark.cites("macau-baccarat-2004", "art. 2", "art. 2(1)")
@pytest.mark.parametrize(("decks", "cut", "spread"), [(8, 12, 3), (6, 14, 2), (1, 12, 1)])
def test_the_cut_card_lands_anywhere_in_its_spread_and_nowhere_else_art_2_1(decks, cut, spread):
    """Art. 2(1): "antes das últimas doze cartas, aproximadamente" (before about the last
    twelve): the table's position, plus or minus its spread, every place in it possible."""
    spec = ShoeSpec(decks, cut_card=cut, cut_card_spread=spread)
    shoe = Shoe(spec, SeededRandomSource(11))
    seen = {spec.size - shoe.shuffle().cut_card_index for _ in range(400)}
    assert seen == set(range(cut - spread, cut + spread + 1))
