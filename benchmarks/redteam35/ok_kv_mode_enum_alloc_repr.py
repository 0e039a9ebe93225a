"""Backend with an explicit addressing mode and a repr that names the allocator."""

import enum
import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVMode(enum.Enum):
    FULL = "full"
    WINDOW = "window"

    @classmethod
    def for_pool(cls, pool) -> "KVMode":
        return cls.WINDOW if isinstance(pool, SWAKVPool) else cls.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator_name = model_runner.token_to_kv_pool_allocator.__class__.__name__
        self.mode = KVMode.for_pool(self.token_to_kv_pool)
        logger.debug("%r", self)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(mode={self.mode.value}, " f"allocator={self._allocator_name})"
        )

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_forward_metadata(self, loc: torch.Tensor) -> dict:
        return {"mode": self.mode.value, "cache_loc": loc}

    def forward_decode(self, loc: torch.Tensor):
        if self.mode is KVMode.WINDOW:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
