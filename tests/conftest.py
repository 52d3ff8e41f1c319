"""Shared fixtures: throw-away vaults, the built site and a static server for it."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from checker.paths import DEFAULT_VAULT
from checker.sitegen.build import build_site
from tests.serve import free_port, serve_static

# Property tests: few examples in `make test`, many in `make fuzz` (REGLAS_FUZZ=1). Deadlines are off: the machine
# is shared and speed is measured in bench/, never in tests.
settings.register_profile("default", max_examples=30, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("fuzz", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("fuzz" if os.environ.get("REGLAS_FUZZ") else "default")

MakeVault = Callable[[dict[str, str | bytes]], Path]


@pytest.fixture
def make_vault(tmp_path: Path) -> MakeVault:
    """Write ``{relative path: text or bytes}`` into a fresh vault folder."""

    def make(files: dict[str, str | bytes]) -> Path:
        root = tmp_path / "vault"
        for name, content in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        root.mkdir(exist_ok=True)
        return root

    return make


@pytest.fixture(scope="session")
def site_port() -> int:
    return free_port()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, site_port: int) -> Path:
    """The real, strict mkdocs-material build of rules/, for the address it is served at (Material's previews only
    follow links of the site's own address, as its sitemap gives them)."""
    out = tmp_path_factory.mktemp("site")
    before = os.environ.get("REGLAS_SITE_URL")
    os.environ["REGLAS_SITE_URL"] = f"http://127.0.0.1:{site_port}/"
    try:
        build_site(DEFAULT_VAULT, out, strict=True)
    finally:
        if before is None:
            del os.environ["REGLAS_SITE_URL"]
        else:
            os.environ["REGLAS_SITE_URL"] = before
    return out


@pytest.fixture(scope="session")
def site_url(built_site: Path, site_port: int) -> Iterator[str]:
    """The built site served statically on 127.0.0.1, at the address it was built for."""
    with serve_static(built_site, site_port) as url:
        yield url


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the test item (``rep_call``), so that a fixture can tell whether its test failed."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{report.when}", report)
