"""Base decode backend with overridable hybrid detection and translation hooks.

``_HookedDecodeBackend`` ships default hooks (``_detect_hybrid`` and
``_to_window_loc``); most leaves only customise the metadata they keep.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


@dataclass
class DecodeMetadata:
    loc: Optional[torch.Tensor] = None
    window_loc: Optional[torch.Tensor] = None
    extra: dict = field(default_factory=dict)


class _HookedDecodeBackend:
    def __init__(self, model_runner) -> None:
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid = self._detect_hybrid()
        self.metadata = DecodeMetadata()

    def _detect_hybrid(self) -> bool:
        return type(self.allocator).__name__ == "SWATokenToKVPoolAllocator"

    def _to_window_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return self.allocator.translate_loc_from_full_to_swa(loc)


class _MetadataDecodeBackend(_HookedDecodeBackend):
    def init_decode_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        md = DecodeMetadata(loc=loc)
        if self.is_hybrid:
            md.window_loc = self._to_window_loc(loc)
        self.metadata = md
        return md


class GeneratedAttnBackend(_MetadataDecodeBackend):
    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        md = self.init_decode_metadata(loc)
        if md.window_loc is not None:
            return self.kv_pool, md.window_loc
        return self.kv_pool, md.loc
