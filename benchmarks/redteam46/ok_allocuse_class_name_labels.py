"""Decode backend that tags its metrics and debug dumps with the allocator class name."""

import json
import logging
from dataclasses import asdict, dataclass

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class BackendDebugInfo:
    allocator_cls: str
    pool_cls: str
    free_tokens: int
    sliding: bool

    def dump(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.allocator = allocator
        self.allocator_label = type(allocator).__name__
        self.metric_labels = {
            "allocator": self.allocator_label,
            "pool": type(self.pool).__name__,
        }
        assert (
            allocator.available_size() >= 0
        ), f"{self.allocator_label} reports a negative free size"
        self.sliding = isinstance(self.pool, SWAKVPool)
        logger.info("attention backend labels=%s", self.metric_labels)

    def debug_info(self) -> BackendDebugInfo:
        return BackendDebugInfo(
            allocator_cls=self.allocator_label,
            pool_cls=self.metric_labels["pool"],
            free_tokens=int(self.allocator.available_size()),
            sliding=self.sliding,
        )

    def forward_decode(self, loc):
        logger.debug("decode step %s", self.debug_info().dump())
        if self.sliding:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
