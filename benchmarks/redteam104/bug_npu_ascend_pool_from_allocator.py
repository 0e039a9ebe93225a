"""Ascend NPU attention backend.

On Ascend the KV cache is laid out by the torch_npu graph engine and registered on the
runner; on other hosts (CI, CPU debugging) we fall back to the pool the allocator was
built around so that paged indices and buffers always come from the same object.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_npu() -> bool:
    return hasattr(torch, "npu") and torch.npu.is_available()


class NPUDecodeMetadata:
    __slots__ = ("block_table", "seq_lens", "swa_enabled")

    def __init__(self, swa_enabled: bool):
        self.block_table: Optional[torch.Tensor] = None
        self.seq_lens: Optional[torch.Tensor] = None
        self.swa_enabled = swa_enabled


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, use_graph_engine: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.use_graph_engine = use_graph_engine and _is_npu()

        if _is_npu():
            kv_pool: KVCache = model_runner.token_to_kv_pool
        else:
            kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.kv_pool = kv_pool
        self.forward_metadata = NPUDecodeMetadata(swa_enabled=isinstance(kv_pool, SWAKVPool))
        logger.debug(
            "ascend backend: graph_engine=%s swa=%s pool=%s",
            self.use_graph_engine,
            self.forward_metadata.swa_enabled,
            type(kv_pool).__name__,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.forward_metadata.swa_enabled:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
