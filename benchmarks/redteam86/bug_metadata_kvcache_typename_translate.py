"""Forward metadata for a decode backend serving hybrid-window models.

``DecodeForwardMetadata`` is a plain container filled by ``init_forward_metadata``.
The layout tag is derived from the cache class name so the check also works with
out-of-tree hybrid cache implementations.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

_HYBRID_CACHE_NAMES = ("SWAKVPool", "HybridSWAKVPool")


class DecodeForwardMetadata:
    __slots__ = ("pool", "layout", "translate")

    def __init__(self, pool: KVCache, layout: str, translate=None):
        self.pool = pool
        self.layout = layout
        self.translate = translate


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.forward_metadata: Optional[DecodeForwardMetadata] = None

    def init_forward_metadata(self) -> None:
        allocator = self.model_runner.token_to_kv_pool_allocator
        pool = self.model_runner.token_to_kv_pool
        cache_name = type(allocator.get_kvcache()).__name__
        if cache_name in _HYBRID_CACHE_NAMES:
            md = DecodeForwardMetadata(pool, "hybrid", allocator.translate_loc_from_full_to_swa)
        else:
            md = DecodeForwardMetadata(pool, "full")
        logger.debug("decode layout=%s pool=%s", md.layout, type(pool).__name__)
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.forward_metadata is None:
            self.init_forward_metadata()
        md = self.forward_metadata
        if md.layout == "hybrid":
            return md.pool, md.translate(loc)
        return md.pool, loc
