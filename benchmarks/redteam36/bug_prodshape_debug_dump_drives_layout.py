"""Decode backend whose startup dump of the allocator also fixes its KV layout."""

import json
import logging
from dataclasses import asdict, dataclass

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class BackendDump:
    backend: str
    allocator: str
    hybrid_allocator: bool
    pool: str
    allocator_state: str
    page_size: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._dump = self.dump()
        self.kv_layout = "full+swa" if self._dump.hybrid_allocator else "full"
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("%s layout=%s", json.dumps(asdict(self._dump)), self.kv_layout)

    def dump(self) -> BackendDump:
        allocator = self.model_runner.token_to_kv_pool_allocator
        return BackendDump(
            backend=type(self).__name__,
            allocator=type(allocator).__name__,
            hybrid_allocator=isinstance(allocator, SWATokenToKVPoolAllocator),
            pool=type(self.token_to_kv_pool).__name__,
            allocator_state=allocator.debug_print(),
            page_size=int(getattr(allocator, "page_size", 1)),
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.kv_layout == "full":
            return self.token_to_kv_pool, loc
        return (
            self.token_to_kv_pool,
            self.token_to_kv_pool.translate_loc_from_full_to_swa(loc),
        )
