"""Backend whose resolver returns the pool to read together with the full->SWA translator for it."""

import logging
from typing import Callable, NamedTuple, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Translator = Callable[[torch.Tensor], torch.Tensor]


class SWAView(NamedTuple):
    pool: object
    to_swa: Optional[Translator]


def resolve_swa_view(model_runner) -> SWAView:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return SWAView(active, active.translate_loc_from_full_to_swa)
    allocator = model_runner.token_to_kv_pool_allocator
    to_swa = getattr(allocator, "translate_loc_from_full_to_swa", None)
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        # Regular drafts keep reading their own buffers; indices still come
        # from the shared allocator.
        return SWAView(active, to_swa)
    kvcache = allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return SWAView(kvcache, kvcache.translate_loc_from_full_to_swa)
    return SWAView(active, None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_view = resolve_swa_view(model_runner)
        logger.debug("reading %s", type(self.swa_view.pool).__name__)

    def forward_decode(self, loc):
        view = self.swa_view
        if view.to_swa is None:
            return view.pool, loc
        return view.pool, view.to_swa(loc)
