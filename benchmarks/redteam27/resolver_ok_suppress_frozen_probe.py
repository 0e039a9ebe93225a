"""Decode backend whose SWA resolver tolerates spec-algorithm enums without the FROZEN_KV probe."""

import contextlib
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _reads_target_kv(model_runner) -> bool:
    frozen = False
    # Older builds have no FROZEN_KV MTP; their drafts never read the target cache.
    with contextlib.suppress(AttributeError):
        frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
    return bool(frozen)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    try:
        if model_runner.is_draft_worker and not _reads_target_kv(model_runner):
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    except AttributeError:
        return None
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.page_size = model_runner.page_size

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        self.num_pages = (seq_lens + self.page_size - 1) // self.page_size

    def forward_decode(self, loc):
        swa = self.swa_kv_pool
        return (
            (swa, swa.translate_loc_from_full_to_swa(loc)) if swa is not None else (self.pool, loc)
        )
