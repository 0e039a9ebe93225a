"""Debug: dump the KV rows each decode step reads (SGLANG_ATTN_DEBUG_DUMP=<dir>)."""

import logging
import os
from dataclasses import dataclass, field
from typing import List

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DumpRecord:
    step: int
    locs: List[int]
    windowed: bool


@dataclass
class DebugDumper:
    out_dir: str = ""
    records: List[DumpRecord] = field(default_factory=list)

    @property
    def enabled(self) -> bool:
        return bool(self.out_dir)

    def add(self, step: int, loc: torch.Tensor, windowed: bool):
        self.records.append(DumpRecord(step, loc.tolist(), windowed))
        if self.enabled and len(self.records) >= 64:
            self.flush()

    def flush(self):
        path = os.path.join(self.out_dir, "attn_reads.log")
        with open(path, "a") as f:
            for r in self.records:
                f.write(f"{r.step} {r.windowed} {r.locs}\n")
        self.records.clear()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        # Dump from the canonical cache object (the one the allocator hands out) so the
        # dump lines up with allocator debug_print() output.
        self.kv_view = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.windowed = isinstance(self.kv_view, SWAKVPool)
        self.dumper = DebugDumper(out_dir=os.environ.get("SGLANG_ATTN_DEBUG_DUMP", ""))
        self.step = 0

    def forward_decode(self, loc):
        self.step += 1
        if self.windowed:
            loc = self.kv_view.translate_loc_from_full_to_swa(loc)
        self.dumper.add(self.step, loc, self.windowed)
        return self.kv_view, loc
