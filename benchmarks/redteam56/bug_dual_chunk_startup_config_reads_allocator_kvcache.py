"""Dual-chunk flash attention backend: hybrid-SWA settings resolved once at startup."""

import logging
from dataclasses import dataclass, field
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DualChunkStartupConfig:
    chunk_size: int
    local_size: int
    hybrid_swa: bool = False
    kv_cache: Optional[Any] = None
    notes: list = field(default_factory=list)


def _build_startup_config(model_runner) -> DualChunkStartupConfig:
    cfg = getattr(model_runner.model_config, "dual_chunk_attention_config", None) or {}
    config = DualChunkStartupConfig(
        chunk_size=int(cfg.get("chunk_size", 8192)),
        local_size=int(cfg.get("local_size", 1024)),
    )
    # The allocator always knows the real cache layout behind it.
    kv_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    config.kv_cache = kv_cache
    config.hybrid_swa = isinstance(kv_cache, SWAKVPool)
    config.notes.append(f"kv_cache={type(kv_cache).__name__}")
    return config


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.config = _build_startup_config(model_runner)
        self.own_pool = model_runner.token_to_kv_pool
        self.read_pool = self.config.kv_cache if self.config.hybrid_swa else self.own_pool
        self.decode_metadata = None
        logger.info("dual-chunk startup: %s", ", ".join(self.config.notes))

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_metadata = {
            "seq_lens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "chunk": self.config.chunk_size,
        }

    def _decode_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if self.config.hybrid_swa:
            return self.read_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def init_forward_metadata(self, forward_batch):
        self.decode_metadata = {"loc": self._decode_loc(forward_batch.out_cache_loc)}

    def forward_decode(self, loc):
        return self.read_pool, self._decode_loc(loc)
