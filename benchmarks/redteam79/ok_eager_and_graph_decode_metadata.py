"""Decode backend that shares one metadata builder between eager and graph modes.

Eager decode calls ``init_forward_metadata``; the CUDA-graph runner calls the
capture/replay hooks.  Both go through ``_build_decode_metadata`` so the SWA
translation is identical in every mode.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeMetadata:
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.device = model_runner.device
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self.pool if isinstance(self.pool, SWAKVPool) else None
        self.max_bs = max_bs
        self.forward_metadata: Optional[DecodeMetadata] = None
        self.graph_metadata: Optional[DecodeMetadata] = None

    def _build_decode_metadata(self, cache_loc: torch.Tensor) -> DecodeMetadata:
        swa_loc = None
        if self.swa_pool is not None:
            swa_loc = self.swa_pool.translate_loc_from_full_to_swa(cache_loc)
        return DecodeMetadata(cache_loc=cache_loc, swa_cache_loc=swa_loc)

    def init_forward_metadata(self, cache_loc: torch.Tensor):
        self.forward_metadata = self._build_decode_metadata(cache_loc)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        buf = lambda: torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
        self.graph_metadata = DecodeMetadata(
            cache_loc=buf(), swa_cache_loc=buf() if self.swa_pool is not None else None
        )

    def init_forward_metadata_replay_cuda_graph(self, bs: int, cache_loc: torch.Tensor):
        fresh = self._build_decode_metadata(cache_loc)
        self.graph_metadata.cache_loc[:bs].copy_(fresh.cache_loc)
        if fresh.swa_cache_loc is not None:
            self.graph_metadata.swa_cache_loc[:bs].copy_(fresh.swa_cache_loc)
        self.forward_metadata = DecodeMetadata(
            cache_loc=self.graph_metadata.cache_loc[:bs],
            swa_cache_loc=(
                None if fresh.swa_cache_loc is None else self.graph_metadata.swa_cache_loc[:bs]
            ),
        )

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.numel()
        if self.graph_metadata is None:
            self.init_cuda_graph_state(self.max_bs, max(bs, self.max_bs))
        self.init_forward_metadata_replay_cuda_graph(bs, loc)
        md = self.forward_metadata
        if md.swa_cache_loc is not None:
            return self.swa_pool, md.swa_cache_loc.clone()
        return self.pool, md.cache_loc.clone()
