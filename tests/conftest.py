"""Top-level test configuration (kept minimal; suites keep their fixtures beside them)."""

import os

# Output of the CLI under test must not depend on the developer's environment.
os.environ.pop("KVGUARD_OUTPUT_FORMAT", None)


def pytest_collection_modifyitems(config, items):
    """Tests marked ``sweep`` (full differential sweeps over every corpus file / metamorphic
    site, tens of minutes here) run only with ``KVGUARD_SWEEP=1``; CI runs their representative
    subsets, which are separate, unmarked tests."""
    if os.environ.get("KVGUARD_SWEEP") == "1":
        return
    import pytest

    skip = pytest.mark.skip(reason="full sweep: run with KVGUARD_SWEEP=1")
    for item in items:
        if "sweep" in item.keywords:
            item.add_marker(skip)
