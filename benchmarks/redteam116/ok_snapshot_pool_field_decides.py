"""Backend that freezes a KV layout snapshot at construction time.

The snapshot is a frozen dataclass; its ``pool_is_windowed`` field drives
the decode path and the whole record is exported via ``asdict``.
"""

from dataclasses import asdict, dataclass, field
from typing import Any, Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class KVLayoutSnapshot:
    pool_cls: str
    pool_is_windowed: bool
    allocator_cls: str
    allocator_free: int
    extra: Dict[str, Any] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.layout = KVLayoutSnapshot(
            pool_cls=type(self.kv_pool).__name__,
            pool_is_windowed=isinstance(self.kv_pool, SWAKVPool),
            allocator_cls=type(allocator).__name__,
            allocator_free=int(allocator.available_size()),
            extra={"debug": allocator.debug_print()},
        )

    def export_layout(self) -> Dict[str, Any]:
        return asdict(self.layout)

    def forward_decode(self, loc: torch.Tensor):
        if self.layout.pool_is_windowed:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
