"""Window-aware backend with speculative-decoding metadata.

Speculative workers run target-verify and draft-extend on the same token
indices the target allocated, so the window translation is derived from the
shared allocator whenever the run is speculative.
"""

from dataclasses import dataclass, replace
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class ForwardModeMeta:
    name: str
    uses_window: bool
    topk: int = 1
    num_draft_tokens: int = 0


DECODE = ForwardModeMeta("decode", uses_window=True)
EXTEND = ForwardModeMeta("extend", uses_window=True)
TARGET_VERIFY = ForwardModeMeta("target_verify", uses_window=True, num_draft_tokens=4)
DRAFT_EXTEND = ForwardModeMeta("draft_extend", uses_window=False)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        spec = getattr(model_runner, "spec_algorithm", None)
        self.speculative = bool(spec is not None and spec.is_speculative())
        args = getattr(model_runner, "server_args", None)
        topk = getattr(args, "speculative_eagle_topk", None) or 1
        self.modes = {m.name: replace(m, topk=topk) for m in (DECODE, EXTEND, TARGET_VERIFY)}
        self.modes["draft_extend"] = DRAFT_EXTEND

        self._to_window: Optional[Callable] = None
        if isinstance(self.pool, SWAKVPool):
            self._to_window = self.pool.translate_loc_from_full_to_swa
        elif self.speculative and isinstance(self.allocator, SWATokenToKVPoolAllocator):
            # draft worker: shares the hybrid allocator, keep the indices consistent
            self._to_window = self.allocator.translate_loc_from_full_to_swa

    def _locs_for(self, mode: ForwardModeMeta, loc: torch.Tensor) -> torch.Tensor:
        if mode.uses_window and self._to_window is not None:
            return self._to_window(loc)
        return loc

    def forward_target_verify(self, loc):
        return self.pool, self._locs_for(self.modes["target_verify"], loc)

    def forward_decode(self, loc):
        return self.pool, self._locs_for(self.modes["decode"], loc)
