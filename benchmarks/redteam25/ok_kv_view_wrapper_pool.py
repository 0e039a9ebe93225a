"""Decode backend that reads KV through a cache-view wrapper exposing the hybrid layout."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class _KVCacheView:
    """Uniform access to a hybrid (full + SWA) or plain KV cache."""

    def __init__(self, source, label: str):
        self._source = source
        self.label = label

    @property
    def is_hybrid(self) -> bool:
        return getattr(self._source, "full_to_swa_index_mapping", None) is not None

    def swa_loc(self, loc):
        return self._source.translate_loc_from_full_to_swa(loc)

    @property
    def pool(self):
        return self._source


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None) or 4096
        alloc = model_runner.token_to_kv_pool_allocator
        logger.debug("allocator %s, %d free slots", type(alloc).__name__, alloc.available_size())
        self.kv_view = _KVCacheView(model_runner.token_to_kv_pool, "pool")
        self.token_to_kv_pool = self.kv_view.pool
        self.forward_metadata: Optional[dict] = None

    def init_forward_metadata(self, loc, mode="decode"):
        md = {"mode": mode, "cache_loc": loc.to(torch.int64)}
        if self.kv_view.is_hybrid:
            md["swa_cache_loc"] = self.kv_view.swa_loc(md["cache_loc"])
        self.forward_metadata = md

    def _select(self, window):
        md = self.forward_metadata
        if window > -1 and "swa_cache_loc" in md:
            return self.token_to_kv_pool, md["swa_cache_loc"]
        return self.token_to_kv_pool, md["cache_loc"]

    def forward(self, loc, mode="decode"):
        if mode not in ("decode", "target_verify", "draft_extend"):
            raise NotImplementedError(mode)
        self.init_forward_metadata(loc, mode)
        return self._select(self.sliding_window_size)

    def forward_decode(self, loc):
        return self.forward(loc)
