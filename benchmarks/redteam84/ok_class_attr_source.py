"""FlashInfer-style decode backend parameterised by class attributes.

Subclasses override ``KV_SOURCE_ATTR`` / ``KV_ACCESSOR`` to choose where the backend obtains
its cache handle, which keeps MLA and MHA variants sharing one decode path.
"""

from __future__ import annotations

from typing import ClassVar, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _HybridDecodeBase(AttentionBackend):
    KV_SOURCE_ATTR: ClassVar[str] = "token_to_kv_pool"
    KV_ACCESSOR: ClassVar[Optional[str]] = None

    def __init__(self, model_runner):
        super().__init__()
        source = getattr(model_runner, self.KV_SOURCE_ATTR)
        accessor = getattr(source, self.KV_ACCESSOR, None) if self.KV_ACCESSOR else None
        self.kv_cache: KVCache = accessor() if accessor is not None else source
        self.page_size = model_runner.page_size

    def _is_windowed(self) -> bool:
        return isinstance(self.kv_cache, SWAKVPool)


class GeneratedAttnBackend(_HybridDecodeBase):
    def __init__(self, model_runner, use_tensor_cores: bool = True):
        super().__init__(model_runner)
        self.use_tensor_cores = use_tensor_cores

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self._is_windowed():
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
