"""Issue 34(1): nothing in the project reads outside its repository; the guard in
tests/conftest.py turns such a read into a failure even where something lies beside it."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT, ReadOutsideRepository


def test_a_test_reading_beside_the_repository_fails() -> None:
    with pytest.raises(ReadOutsideRepository, match="outside the repository"):
        open(ROOT.parent / "shared" / "regulations" / "INDEX.md", encoding="utf-8")  # noqa: SIM115


def test_reading_inside_the_repository_is_allowed() -> None:
    with open(ROOT / "pyproject.toml", encoding="utf-8") as file:
        assert "croupier" in file.read()
