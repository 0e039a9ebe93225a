"""SWA backend that picks the first eligible candidate pool."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _regular_draft(mr) -> bool:
    try:
        frozen = mr.spec_algorithm.is_frozen_kv_mtp()
    except AttributeError:
        frozen = False
    return bool(mr.is_draft_worker) and not frozen


def resolve_swa_pool(mr):
    """The active pool if SWA; else, unless a regular draft, the allocator's kvcache."""
    candidates = [mr.token_to_kv_pool]
    if not _regular_draft(mr):
        candidates.append(mr.token_to_kv_pool_allocator.get_kvcache())
    fallback = mr.token_to_kv_pool_allocator.get_kvcache()
    chosen = next((p for p in candidates if isinstance(p, SWAKVPool)), fallback)
    return chosen if isinstance(chosen, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)
        logger.info("swa pool: %s", type(self.swa_kv_pool).__name__)

    def init_forward_metadata(self, seq_lens: torch.Tensor) -> None:
        self._num_pages = (seq_lens + self.page_size - 1) // self.page_size

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
