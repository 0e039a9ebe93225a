"""Backend whose workspace dataclass sizes buffers from the allocator in __post_init__."""

import logging
from dataclasses import dataclass, field
from typing import Any

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeWorkspace:
    pool: Any
    allocator: Any
    device: str = "cpu"
    windowed: bool = field(init=False)
    full_tokens: int = field(init=False)
    swa_tokens: int = field(init=False)
    kv_indices: torch.Tensor = field(init=False, repr=False)

    def __post_init__(self):
        self.windowed = isinstance(self.pool, SWAKVPool)
        self.full_tokens = getattr(self.allocator, "size_full", self.allocator.size)
        # hybrid allocators budget the window separately; dense ones don't
        self.swa_tokens = getattr(self.allocator, "size_swa", self.full_tokens)
        self.kv_indices = torch.zeros(
            max(self.full_tokens, self.swa_tokens), dtype=torch.int64, device=self.device
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.workspace = DecodeWorkspace(
            pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            device=model_runner.device,
        )
        self.page_size = model_runner.page_size
        logger.info("%s", self.workspace)

    def init_forward_metadata(self, forward_batch):
        n = forward_batch.out_cache_loc.numel()
        self.workspace.kv_indices[:n].copy_(forward_batch.out_cache_loc)

    def forward_decode(self, loc):
        ws = self.workspace
        if ws.windowed:
            loc = ws.pool.translate_loc_from_full_to_swa(loc)
        return ws.pool, loc
