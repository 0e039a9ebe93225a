"""Modern-API backend: checks the active pool on every forward (views may swap it)."""

from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeMetadata:
    kv_indices: torch.Tensor
    swa_kv_indices: Optional[torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def get_token_to_kv_pool(self):
        return self.token_to_kv_pool

    def init_forward_metadata_out_graph(self, loc, in_capture: bool = False):
        pool = self.get_token_to_kv_pool()
        swa = pool.translate_loc_from_full_to_swa(loc) if isinstance(pool, SWAKVPool) else None
        self.forward_metadata = DecodeMetadata(kv_indices=loc, swa_kv_indices=swa)

    def forward_decode(self, loc):
        self.init_forward_metadata_out_graph(loc)
        md = self.forward_metadata
        idx = md.swa_kv_indices if md.swa_kv_indices is not None else md.kv_indices
        return self.get_token_to_kv_pool(), idx
