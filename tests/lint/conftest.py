"""Fixtures shared by the rule tests judged against execution."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def runners():
    """(target runner, regular EAGLE draft runner, locations): sglang 0.5.23's real pools and
    allocator on CPU (``tests.support.real_sglang``), the target hybrid-SWA."""
    import torch

    from tests.support import real_sglang as real

    target = real.build_target_runner(swa=True)
    return target, real.build_eagle_draft_runner(target), torch.tensor([5, 6, 7])
