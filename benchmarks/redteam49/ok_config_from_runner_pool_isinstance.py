"""Backend configured by a config object built with a classmethod.

The config records the allocator's window capacity (used to size the
page-table scratch) but derives ``reads_window`` from the pool.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class WindowAttnConfig:
    reads_window: bool
    window_capacity: Optional[int]
    head_dim: int
    topk: int
    extras: dict = field(default_factory=dict)

    @classmethod
    def build(cls, *, server_args, model_config, pool, allocator):
        capacity = getattr(allocator, "size_swa", None)
        return cls(
            reads_window=isinstance(pool, SWAKVPool),
            window_capacity=int(capacity) if capacity is not None else None,
            head_dim=int(getattr(model_config, "head_dim", 0) or 0),
            topk=int(getattr(server_args, "speculative_eagle_topk", None) or 1),
            extras={"allocator": type(allocator).__name__},
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.cfg = WindowAttnConfig.build(
            server_args=model_runner.server_args,
            model_config=model_runner.model_config,
            pool=self.kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
        )
        slots = self.cfg.window_capacity or 1
        self.scratch = torch.zeros(min(slots, 64), dtype=torch.int64, device=model_runner.device)

    def forward_decode(self, loc):
        if self.cfg.reads_window:
            swa = self.kv_pool.translate_loc_from_full_to_swa(loc)
            return self.kv_pool, swa
        return self.kv_pool, loc
