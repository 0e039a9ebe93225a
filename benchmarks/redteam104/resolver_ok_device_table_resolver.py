"""Attention backend with device-specific resolver hooks.

Platforms may register a custom window-pool resolver (e.g. for pools that live in
device-managed memory); all platforms currently use the default speculative-aware
resolver. Kernels are chosen from the same table.
"""

import logging
from typing import Callable, Dict, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def default_swa_resolver(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    spec = model_runner.spec_algorithm
    if model_runner.is_draft_worker and not spec.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


Resolver = Callable[[object], Optional[SWAKVPool]]

_PLATFORMS: Dict[str, Tuple[str, Resolver]] = {
    "cuda": ("flashinfer", default_swa_resolver),
    "npu": ("ascend", default_swa_resolver),
    "xpu": ("xpu_flash", default_swa_resolver),
    "cpu": ("torch_native", default_swa_resolver),
}


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, platform: Optional[str] = None):
        super().__init__()
        platform = platform or torch.device(model_runner.device).type
        self.kernel, resolver = _PLATFORMS.get(platform, _PLATFORMS["cpu"])
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolver(model_runner)
        logger.info(
            "attn: platform=%s kernel=%s swa=%s",
            platform,
            self.kernel,
            self.swa_kv_pool is not None,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
