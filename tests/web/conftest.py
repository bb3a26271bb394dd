"""The browser tests' fixtures: one headless Chromium per module, a demo server per test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from croupier.web.screenshots import CHROMIUM, Stage


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert os.path.exists(CHROMIUM), f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


@pytest.fixture
def stage(tmp_path: Path) -> Iterator[Stage]:
    running = Stage(f"sqlite:///{tmp_path / 'web.db'}")
    try:
        yield running
    finally:
        running.stop()
