"""Intel AMX decode backend: KV layout chosen with a structural match on the KV owner."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.allocator import TokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVLayout:
    name: str
    to_kv_indices: Callable[[torch.Tensor], torch.Tensor]


def _select_layout(allocator) -> KVLayout:
    match allocator:
        case SWATokenToKVPoolAllocator():
            return KVLayout("swa", allocator.translate_loc_from_full_to_swa)
        case TokenToKVPoolAllocator():
            return KVLayout("paged", lambda loc: loc)
        case _:
            logger.warning("unknown allocator %r; assuming full layout", type(allocator))
            return KVLayout("full", lambda loc: loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.layout = _select_layout(model_runner.token_to_kv_pool_allocator)
        self.kv_indices: Optional[torch.Tensor] = None
        logger.info("amx decode layout: %s", self.layout.name)

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.kv_indices = self.layout.to_kv_indices(loc)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.kv_indices
