"""Decode backend whose SWA pool lookup is a short chain of resolver steps.

Each step maps the runner to an SWA pool or ``None``; a step may also stop
the search by returning ``False``.
"""

from typing import Callable, Optional, Sequence, Union

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Step = Callable[[object], Union[SWAKVPool, None, bool]]

_as_swa = lambda p: p if isinstance(p, SWAKVPool) else None  # noqa: E731

RESOLVE_STEPS: Sequence[Step] = (
    lambda mr: _as_swa(mr.token_to_kv_pool),
    lambda mr: (False if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp() else None),
    lambda mr: _as_swa(mr.token_to_kv_pool_allocator.get_kvcache()),
)


def run_steps(model_runner, steps: Sequence[Step] = RESOLVE_STEPS) -> Optional[SWAKVPool]:
    for step in steps:
        if (found := step(model_runner)) is False:
            return None
        if found is not None:
            return found
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        self.speculative_num_steps = speculative_num_steps
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = run_steps(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return (self.swa_pool or self.pool), (
            self.swa_pool.translate_loc_from_full_to_swa(loc) if self.swa_pool else loc
        )
