"""Decode backend built around a single ``_decode_impl`` with layout variants.

``forward_decode_full`` / ``forward_decode_swa`` are ``functools.partialmethod``
bindings of the shared implementation; the instance binds ``forward_decode`` to
one of them once, at construction time.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend with ``partialmethod`` layout variants."""

    def __init__(self, model_runner, enable_sliding_window: bool = True):
        super().__init__()
        self.device = model_runner.device
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.has_swa_mapping = enable_sliding_window and callable(
            getattr(self.kv_pool, "translate_loc_from_full_to_swa", None)
        )
        layout = "swa" if self.has_swa_mapping else "full"
        self.forward_decode = getattr(self, f"forward_decode_{layout}")
        self.forward_metadata: Optional[DecodeMetadata] = None
        logger.debug("decode layout=%s pool=%s", layout, type(self.kv_pool).__name__)

    def _decode_impl(self, loc: torch.Tensor, *, layout: str) -> Tuple[KVCache, torch.Tensor]:
        meta = DecodeMetadata(out_cache_loc=loc)
        if layout == "swa":
            meta.swa_out_cache_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = meta
        read_loc = meta.swa_out_cache_loc if meta.swa_out_cache_loc is not None else loc
        return self.kv_pool, read_loc

    forward_decode_full = functools.partialmethod(_decode_impl, layout="full")
    forward_decode_swa = functools.partialmethod(_decode_impl, layout="swa")
