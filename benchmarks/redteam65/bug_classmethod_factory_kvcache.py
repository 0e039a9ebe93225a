"""FlashInfer decode backend built via ``create``.

``create`` collects the runner-derived handles (page size, KV cache, SWA flag)
and passes them to ``__init__`` so the same constructor can serve both the
target and draft model runners.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class FlashInferDecodeMetadata:
    def __init__(self, kv_indices: torch.Tensor, use_swa_wrapper: bool):
        self.kv_indices = kv_indices
        self.use_swa_wrapper = use_swa_wrapper


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        kv_cache: Optional[KVCache] = None,
        page_size: Optional[int] = None,
    ):
        super().__init__()
        if kv_cache is None:
            built = type(self).create(model_runner)
            kv_cache, page_size = built.kv_cache, built.page_size
        self.kv_cache = kv_cache
        self.page_size = page_size
        self.is_swa = isinstance(kv_cache, SWAKVPool)
        self.forward_metadata: Optional[FlashInferDecodeMetadata] = None

    @classmethod
    def create(cls, model_runner) -> "GeneratedAttnBackend":
        kv_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        logger.debug("flashinfer backend using %s", type(kv_cache).__name__)
        return cls(model_runner, kv_cache=kv_cache, page_size=model_runner.page_size)

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        kv_indices = self.kv_cache.translate_loc_from_full_to_swa(loc) if self.is_swa else loc
        self.forward_metadata = FlashInferDecodeMetadata(kv_indices, self.is_swa)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_cache, self.forward_metadata.kv_indices
