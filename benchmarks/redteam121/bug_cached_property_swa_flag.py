"""Backend with lazily computed layout flags.

Layout flags are computed on first access and cached, so constructing the
backend does not force the allocator to finish initialising.
"""

from __future__ import annotations

from functools import cached_property

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _LayoutFlags:
    def __init__(self, model_runner):
        self._runner = model_runner

    @cached_property
    def hybrid_swa(self) -> bool:
        kvcache = self._runner.token_to_kv_pool_allocator.get_kvcache()
        return isinstance(kvcache, SWAKVPool)

    @cached_property
    def page_size(self) -> int:
        return int(self._runner.page_size)


class GeneratedAttnBackend:
    def __init__(self, model_runner, flags_cls: type = _LayoutFlags):
        self.flags = flags_cls(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool

    def _swa_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.flags.hybrid_swa:
            return self.kv_pool, self._swa_loc(loc)
        return self.kv_pool, loc
