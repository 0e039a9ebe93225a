"""Decode backend reporting KV usage; the allocator's kvcache identity picks the usage source."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class Usage:
    used: int
    total: int
    source: str

    @property
    def ratio(self) -> float:
        return self.used / self.total if self.total else 0.0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.alloc = model_runner.token_to_kv_pool_allocator
        # When the allocator manages exactly the pool we read, its free count describes our
        # usage; a draft with its own pool sees the shared count, which is only indicative.
        self.usage_is_exact = self.alloc.get_kvcache() is self.pool
        self.window_reader = self.pool if type(self.pool) is SWAKVPool else None
        self.max_bs = model_runner.max_running_requests
        self.forward_metadata = None

    def usage(self) -> Usage:
        total = int(getattr(self.alloc, "size_swa", self.alloc.size))
        free = int(self.alloc.available_size())
        source = "allocator" if self.usage_is_exact else "shared-allocator"
        return Usage(used=total - free, total=total, source=source)

    def log_usage(self):
        u = self.usage()
        logger.info("kv usage %.1f%% (%d/%d, %s)", 100 * u.ratio, u.used, u.total, u.source)

    def init_forward_metadata(self, forward_batch):
        if forward_batch.batch_size > self.max_bs:
            self.log_usage()
        self.forward_metadata = forward_batch.seq_lens

    def forward_decode(self, loc):
        if self.window_reader is None:
            return self.pool, loc
        return self.window_reader, self.window_reader.translate_loc_from_full_to_swa(loc)
