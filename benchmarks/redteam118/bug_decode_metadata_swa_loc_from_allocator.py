"""Forward metadata for a hybrid sliding-window decode backend.

Holds the full and SWA write locations; the SWA ones are produced when the
metadata is initialised using the allocator's full->SWA translation.
"""

from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class ForwardMetadata:
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None
    max_seq_len: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_enabled = hasattr(
            self.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"
        )
        self.forward_metadata: Optional[ForwardMetadata] = None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor) -> None:
        swa_loc = None
        if self.swa_enabled:
            swa_loc = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(out_cache_loc)
        self.forward_metadata = ForwardMetadata(
            out_cache_loc=out_cache_loc,
            swa_out_cache_loc=swa_loc,
            max_seq_len=int(out_cache_loc.numel()),
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is not None:
            return self.kv_pool, md.swa_out_cache_loc
        return self.kv_pool, md.out_cache_loc
