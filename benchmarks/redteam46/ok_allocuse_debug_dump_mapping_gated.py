"""Decode backend dumping allocator state on demand; window indices come from the mapping."""

import logging
import os
from dataclasses import dataclass, field

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_DEBUG = os.environ.get("SGLANG_ATTN_DEBUG_DUMP", "0") == "1"


@dataclass
class DumpRecord:
    step: int
    allocator: str
    text: str
    extra: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        self.step = 0
        self.dumps: list[DumpRecord] = []
        self._pool_has_window = issubclass(type(self.pool), SWAKVPool)

    @property
    def allocator(self):
        return self._runner.token_to_kv_pool_allocator

    def dump_allocator(self) -> DumpRecord:
        alloc = self.allocator
        printer = getattr(alloc, "debug_print", None)
        text = printer() if callable(printer) else ""
        rec = DumpRecord(self.step, alloc.__class__.__name__, text)
        rec.extra["free"] = int(alloc.available_size())
        self.dumps.append(rec)
        if _DEBUG:
            logger.info("[%d] %s %s", rec.step, rec.allocator, rec.text)
        return rec

    def forward_decode(self, loc):
        self.step += 1
        self.dump_allocator()
        if self._pool_has_window:
            # The pool gate admits only the hybrid target, whose allocator owns this mapping.
            loc = self.allocator.full_to_swa_index_mapping[loc]
        return self.pool, loc
