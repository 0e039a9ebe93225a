"""Decode backend that reads KV through a small cache-view wrapper exposing the hybrid layout."""

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

    def __repr__(self):
        return f"_KVCacheView({self.label}, hybrid={self.is_hybrid})"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.device = getattr(model_runner, "device", "cpu")
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None) or 4096
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_view = _KVCacheView(model_runner.token_to_kv_pool_allocator, "allocator")
        self.forward_metadata: Optional[dict] = None
        logger.debug("kv view: %r", self.kv_view)

    def init_forward_metadata(self, loc, mode="decode"):
        md = {"mode": mode, "cache_loc": loc.to(torch.int64)}
        if self.kv_view.is_hybrid:
            md["swa_cache_loc"] = self.kv_view.swa_loc(md["cache_loc"])
        self.forward_metadata = md

    def forward_target_verify(self, loc):
        self.init_forward_metadata(loc, mode="target_verify")
        return self._select(self.sliding_window_size)

    def _select(self, window):
        md = self.forward_metadata
        if window > -1 and "swa_cache_loc" in md:
            return self.token_to_kv_pool, md["swa_cache_loc"]
        return self.token_to_kv_pool, md["cache_loc"]

    def forward(self, loc, mode="decode"):
        if mode == "target_verify":
            return self.forward_target_verify(loc)
        self.init_forward_metadata(loc, mode)
        return self._select(self.sliding_window_size)

    def forward_decode(self, loc):
        return self.forward(loc, mode="decode")
