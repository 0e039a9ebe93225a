"""Decode backend with a metadata builder shared by eager, capture and replay.

``_fill_out_cache_loc`` gathers through the full->SWA index mapping kept on
the token allocator; the mapping tensor is stable across steps so the gather
can be recorded into the captured graph.
"""

from typing import Optional

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_tokens: int = 16):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.max_tokens = max_tokens
        self.out_cache_loc_buf: Optional[torch.Tensor] = None

    @property
    def _swa_mapping(self) -> Optional[torch.Tensor]:
        return getattr(self.allocator, "full_to_swa_index_mapping", None)

    def _fill_out_cache_loc(self, out_cache_loc: torch.Tensor) -> int:
        mapping = self._swa_mapping
        if mapping is not None:
            out_cache_loc = mapping[out_cache_loc]
        n = out_cache_loc.numel()
        self.out_cache_loc_buf[:n].copy_(out_cache_loc)
        return n

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.out_cache_loc_buf = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor) -> int:
        if self.out_cache_loc_buf is None:
            self.init_cuda_graph_state(self.max_tokens, self.max_tokens)
        return self._fill_out_cache_loc(out_cache_loc)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        return self._fill_out_cache_loc(out_cache_loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.out_cache_loc_buf is None:
            self.init_cuda_graph_state(self.max_tokens, max(self.max_tokens, loc.numel()))
        n = self.init_forward_metadata_replay_cuda_graph(loc.numel(), loc)
        return self.kv_pool, self.out_cache_loc_buf[:n].clone()
