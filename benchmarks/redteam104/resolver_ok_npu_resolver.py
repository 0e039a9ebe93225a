"""Ascend NPU attention backend with speculative-decoding aware window resolution.

The window pool is resolved once at init: the runner's own pool when it is a window
pool; nothing for a regular draft worker; the shared target cache only for frozen-KV
MTP drafts that read the target's cache by design.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_npu() -> bool:
    return hasattr(torch, "npu") and torch.npu.is_available()


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, use_fia: bool = True):
        super().__init__()
        self.use_fia = use_fia and _is_npu()
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        logger.info(
            "ascend attn: fia=%s draft=%s swa=%s",
            self.use_fia,
            model_runner.is_draft_worker,
            self.swa_kv_pool is not None,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
