"""Decode backend that can be pointed at an explicit KV pool.

Speculative workers construct their backends with the pool they attend over;
when none is passed the runner's attached pool is used.  Graph buffers are
allocated in ``init_cuda_graph_state`` and refreshed on replay.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(
        self,
        model_runner,
        kv_pool: Optional[KVCache] = None,
        max_bs: int = 8,
        max_num_tokens: int = 32,
    ):
        self.device = model_runner.device
        self.kv_pool: KVCache = kv_pool if kv_pool is not None else model_runner.token_to_kv_pool
        self.max_bs = max_bs
        self.max_num_tokens = max_num_tokens
        self._graph_state: Optional[dict] = None

    @property
    def sliding_window_pool(self) -> Optional[SWAKVPool]:
        return self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_state = {
            "seq_lens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "loc": torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device),
        }

    def init_forward_metadata_replay_cuda_graph(
        self, bs: int, loc: torch.Tensor, seq_lens: Optional[torch.Tensor] = None
    ):
        state = self._graph_state
        if seq_lens is not None:
            state["seq_lens"][:bs].copy_(seq_lens)
        swa = self.sliding_window_pool
        state["loc"][: loc.numel()].copy_(
            swa.translate_loc_from_full_to_swa(loc) if swa is not None else loc
        )

    def forward_decode(self, loc: torch.Tensor):
        if self._graph_state is None:
            self.init_cuda_graph_state(self.max_bs, max(self.max_num_tokens, loc.numel()))
        self.init_forward_metadata_replay_cuda_graph(loc.numel(), loc)
        return self.kv_pool, self._graph_state["loc"][: loc.numel()].clone()
