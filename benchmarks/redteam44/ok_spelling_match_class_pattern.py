"""Intel AMX decode backend: KV layout chosen with a structural match on the read pool."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVLayout:
    name: str
    to_kv_indices: Callable[[torch.Tensor], torch.Tensor]


def _select_layout(pool) -> KVLayout:
    match pool:
        case SWAKVPool():
            return KVLayout("swa", pool.translate_loc_from_full_to_swa)
        case MHATokenToKVPool():
            return KVLayout("mha", lambda loc: loc)
        case _:
            return KVLayout("full", lambda loc: loc)


def _allocator_tag(allocator) -> str:
    match allocator:
        case SWATokenToKVPoolAllocator(size_swa=swa):
            return f"swa-alloc[{swa}]"
        case _:
            return "alloc"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.layout = _select_layout(self.kv_pool)
        self.kv_indices: Optional[torch.Tensor] = None
        logger.info(
            "amx decode layout: %s (%s)",
            self.layout.name,
            _allocator_tag(model_runner.token_to_kv_pool_allocator),
        )

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.kv_indices = self.layout.to_kv_indices(loc)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.kv_indices
