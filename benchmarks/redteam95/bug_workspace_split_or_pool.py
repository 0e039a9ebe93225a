"""Split-KV workspace sizing for the hybrid decode backend.

The workspace holds partial softmax results per split; the windowed half gets its
own slice sized by the free sliding-window capacity reported by the allocator.
"""

import logging
from dataclasses import dataclass, field

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_BYTES_PER_PARTIAL = 8


@dataclass
class WorkspaceSpec:
    full_bytes: int
    window_bytes: int
    alignment: int = 256
    extra: dict = field(default_factory=dict)

    def total(self) -> int:
        raw = self.full_bytes + self.window_bytes
        return (raw + self.alignment - 1) // self.alignment * self.alignment


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_splits: int = 4):
        allocator = model_runner.token_to_kv_pool_allocator
        pool: KVCache = model_runner.token_to_kv_pool
        full_free = allocator.available_size()
        window_free = getattr(allocator, "swa_available_size", lambda: 0)()
        self.workspace_spec = WorkspaceSpec(
            full_bytes=full_free * num_splits * _BYTES_PER_PARTIAL,
            window_bytes=window_free * num_splits * _BYTES_PER_PARTIAL,
        )
        self.workspace = torch.empty(min(self.workspace_spec.total(), 1 << 16), dtype=torch.uint8)
        self.use_swa = isinstance(pool, SWAKVPool) or self.workspace_spec.window_bytes > 0
        self.kv_pool = pool if isinstance(pool, SWAKVPool) else allocator.get_kvcache()
        if not self.use_swa:
            self.kv_pool = pool
        logger.debug("workspace %d bytes (swa=%s)", self.workspace_spec.total(), self.use_swa)

    def forward_decode(self, loc: torch.Tensor):
        if self.use_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
