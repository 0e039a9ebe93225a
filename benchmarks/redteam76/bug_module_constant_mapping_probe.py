"""Hybrid SWA decode helper.

Sliding-window detection probes for the full->SWA index mapping; the
translation itself is routed through the allocator while
``_TRANSLATE_THROUGH_ALLOCATOR`` is set (kept until the pool-side
``translate_loc_from_full_to_swa`` is available on every supported release).
"""

from typing import Optional

import torch

_TRANSLATE_THROUGH_ALLOCATOR = True


class SWADecodeMetadata:
    __slots__ = ("swa_loc", "full_loc")

    def __init__(self, full_loc: torch.Tensor, swa_loc: Optional[torch.Tensor] = None):
        self.full_loc = full_loc
        self.swa_loc = swa_loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        # Only hybrid allocators build a full->swa mapping.
        self.uses_swa = getattr(self.allocator, "full_to_swa_index_mapping", None) is not None

    def init_decode_metadata(self, loc: torch.Tensor) -> SWADecodeMetadata:
        if not self.uses_swa:
            return SWADecodeMetadata(loc)
        if _TRANSLATE_THROUGH_ALLOCATOR:
            swa_loc = self.allocator.translate_loc_from_full_to_swa(loc)
        else:
            swa_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return SWADecodeMetadata(loc, swa_loc)

    def forward_decode(self, loc: torch.Tensor):
        meta = self.init_decode_metadata(loc)
        if meta.swa_loc is None:
            return self.kv_pool, meta.full_loc
        return self.kv_pool, meta.swa_loc
