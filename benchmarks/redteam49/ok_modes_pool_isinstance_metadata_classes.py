"""Sliding-window aware backend that keeps one metadata dataclass per forward mode.

The allocator is consulted only to size the per-mode scratch buffers; the
pool this runner reads decides whether window locations are needed.
"""

from dataclasses import dataclass
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class _ModeMeta:
    reads_window: bool
    max_tokens: int
    swa_loc: Optional[torch.Tensor] = None
    full_loc: Optional[torch.Tensor] = None


@dataclass
class DecodeMeta(_ModeMeta):
    pass


@dataclass
class ExtendMeta(_ModeMeta):
    prefix_only: bool = False


@dataclass
class VerifyMeta(_ModeMeta):
    draft_tokens: int = 0


@dataclass
class DraftExtendMeta(_ModeMeta):
    accepted: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        # Capacity for metadata scratch only -- never decides which KV is read.
        capacity = int(getattr(alloc, "size", 0) or 0)
        self.is_windowed = isinstance(self.kv_pool, SWAKVPool)
        self.metas: Dict[str, _ModeMeta] = {
            "decode": DecodeMeta(self.is_windowed, min(capacity, self.max_bs)),
            "extend": ExtendMeta(self.is_windowed, capacity, prefix_only=False),
            "target_verify": VerifyMeta(self.is_windowed, capacity, draft_tokens=1),
            "draft_extend": DraftExtendMeta(self.is_windowed, capacity),
        }

    def _prepare(self, mode: str, loc: torch.Tensor) -> _ModeMeta:
        meta = self.metas[mode]
        meta.full_loc = loc
        meta.swa_loc = (
            self.kv_pool.translate_loc_from_full_to_swa(loc) if meta.reads_window else None
        )
        return meta

    def forward_extend(self, loc):
        meta = self._prepare("extend", loc)
        return self.kv_pool, meta.swa_loc if meta.swa_loc is not None else meta.full_loc

    def forward_decode(self, loc):
        meta = self._prepare("decode", loc)
        if meta.reads_window:
            return self.kv_pool, meta.swa_loc
        return self.kv_pool, meta.full_loc
