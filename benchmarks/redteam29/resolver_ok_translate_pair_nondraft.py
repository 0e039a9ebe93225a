"""Backend whose resolver returns the SWA pool together with the index translator to use with it."""

import logging
from typing import Callable, NamedTuple, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Translator = Callable[[torch.Tensor], torch.Tensor]


class SWAView(NamedTuple):
    pool: Optional[SWAKVPool]
    to_swa: Optional[Translator]


_NO_SWA = SWAView(None, None)


def resolve_swa_view(model_runner) -> SWAView:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return SWAView(active, active.translate_loc_from_full_to_swa)
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return _NO_SWA
    allocator = model_runner.token_to_kv_pool_allocator
    kvcache = allocator.get_kvcache()
    if not isinstance(kvcache, SWAKVPool):
        return _NO_SWA
    # This runner reads the allocator's own cache, so the allocator's
    # full->SWA mapping is the one registered on that cache.
    return SWAView(kvcache, allocator.translate_loc_from_full_to_swa)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_view = resolve_swa_view(model_runner)

    def forward_decode(self, loc):
        view = self.swa_view
        if view.pool is None:
            return self.token_to_kv_pool, loc
        return view.pool, view.to_swa(loc)
