"""The helpers' refusals with values follow the reader's language (issue 18): the rules word them in
`rules_helpers/` as `RuleError`s (a count's "what" as `Words`), and the API says them in Portuguese for
`pt-br`, in English otherwise."""

from __future__ import annotations

import pytest
from django.utils import translation

from campaigns.errors import rule_refusal
from rules_helpers.counts import check_count
from rules_helpers.curses import curse_draw_count, draws_within_deck
from rules_helpers.refusals import RuleError

pytestmark = pytest.mark.django_db

SPAWN = "/api/v1/helpers/spawn/"
TOKENS = [{"symbols": ["melee", "crit"], "occupants": 0}, {"symbols": ["ranged", "ranged"], "occupants": 2}]
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-br"}


def _spawn(api, body, **headers):
    return api.post(SPAWN, {"figures": ["Harpy"], "tokens": TOKENS, **body}, format="json", **headers)


def test_the_ticket_scalpers_choice_of_a_full_token_is_refused_in_the_readers_language(api):
    """GF:111 Ticket Scalper chooses a free Spawn token; RB: a Space holds 2 characters (token 1 is Full)."""
    refused = _spawn(api, {"choices": [1]}, **PT)
    assert refused.status_code == 400
    assert refused.json() == {
        "choices": [
            "o Cambista só pode escolher um Marcador de Entrada de Monstro livre, e o marcador 1 está Cheio"
        ]
    }
    english = _spawn(api, {"choices": [1]}).json()
    assert english == {
        "choices": ["the Ticket Scalper may only choose a free Spawn token, and token 1 is Full"]
    }


def test_a_choice_per_figure_and_a_duplicate_token_are_refused_in_portuguese(api):
    """GF:111 one choice per spawning figure; two tokens with one pair could not be told apart by a roll."""
    assert _spawn(api, {"choices": [0, 0]}, **PT).json() == {
        "choices": ["o Cambista faz uma escolha por miniatura que surge: 1, não 2"]
    }
    same = [{"symbols": ["melee", "crit"]}, {"symbols": ["crit", "melee"]}]
    assert _spawn(api, {"tokens": same}, **PT).json() == {
        "tokens": [
            "dois Marcadores de Entrada de Monstro mostram o mesmo par de símbolos, então uma rolagem não "
            "poderia escolher um"
        ]
    }
    assert _spawn(api, {"tokens": same}).json() == {
        "tokens": ["two Spawn tokens show the same pair of symbols, so a roll could not pick one"]
    }


def test_a_count_check_says_what_it_counts_in_the_readers_language():
    """BR:224 one Death Curse card per Death token: a negative count is refused, its words and what it
    counts both translated, the value filled in after."""
    with pytest.raises(RuleError) as refused:
        curse_draw_count(-1, 0)
    assert str(refused.value) == "the number of Death tokens must be a whole number of at least 0, not -1"
    with translation.override("pt-br"):
        said = rule_refusal(refused.value)
    assert said == "o número de Marcadores de Morte deve ser um número inteiro de pelo menos 0, não -1"
    with translation.override("en"):
        assert rule_refusal(refused.value) == str(refused.value)


def test_a_count_named_with_a_value_is_translated_before_the_value_goes_in():
    """RB:1628-1630 each Hero draws once: a Hero's own count names the Hero inside what is counted."""
    with pytest.raises(RuleError) as refused:
        draws_within_deck([("diana", -2)], 24)
    assert str(refused.value) == (
        "the number of Death Curse cards for diana must be a whole number of at least 0, not -2"
    )
    with translation.override("pt-br"):
        assert rule_refusal(refused.value) == (
            "o número de cartas de Maldição da Morte para diana deve ser um número inteiro de pelo menos 0, "
            "não -2"
        )
    with pytest.raises(RuleError) as flag:
        check_count("dice", True)
    with translation.override("pt-br"):
        assert rule_refusal(flag.value).startswith("o número de dados deve ser")
