"""Decode backend that shares one metadata builder between eager and graph modes.

Whether the step needs SWA-translated locations is read off the cache that the
token allocator manages, which is the authoritative record of how slots map
between the full and sliding-window regions.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeMetadata:
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = max_bs
        self.forward_metadata: Optional[DecodeMetadata] = None
        self.graph_cache_loc: Optional[torch.Tensor] = None

    def _uses_swa(self) -> bool:
        return isinstance(self.allocator.get_kvcache(), SWAKVPool)

    def _build_decode_metadata(self, cache_loc: torch.Tensor) -> DecodeMetadata:
        if self._uses_swa():
            kvcache = self.allocator.get_kvcache()
            return DecodeMetadata(cache_loc, kvcache.translate_loc_from_full_to_swa(cache_loc))
        return DecodeMetadata(cache_loc)

    def init_forward_metadata(self, cache_loc: torch.Tensor):
        self.forward_metadata = self._build_decode_metadata(cache_loc)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, cache_loc: torch.Tensor):
        md = self._build_decode_metadata(cache_loc)
        src = md.swa_cache_loc if md.swa_cache_loc is not None else md.cache_loc
        self.graph_cache_loc[:bs].copy_(src)
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.numel()
        if self.graph_cache_loc is None:
            self.init_cuda_graph_state(self.max_bs, max(bs, self.max_bs))
        self.init_forward_metadata_replay_cuda_graph(bs, loc)
        return self.pool, self.graph_cache_loc[:bs].clone()
