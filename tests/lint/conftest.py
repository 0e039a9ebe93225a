"""Fixtures shared by the rule tests judged against execution."""

from __future__ import annotations

import pytest


@pytest.fixture
def runners():
    """(target runner, regular EAGLE draft runner, locations): sglang 0.5.23's real pools and
    allocator on CPU (``tests.support.real_sglang``), the target hybrid-SWA. Built afresh for
    each test (a few milliseconds once sglang is imported): the modules a test runs may
    allocate without freeing, and a test's verdicts must not depend on which tests ran
    before it in the same worker."""
    import torch

    from tests.support import real_sglang as real

    target = real.build_target_runner(swa=True)
    return target, real.build_eagle_draft_runner(target), torch.tensor([5, 6, 7])
