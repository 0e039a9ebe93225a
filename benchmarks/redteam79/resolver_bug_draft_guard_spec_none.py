"""Graph-capturable decode backend with an SWA pool resolver.

Workers that run without speculative decoding and are not the main model do
not take part in the hybrid cache; everything else resolves the hybrid pool
from the active pool or, failing that, from the shared allocator.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_none():
        return None
    candidate = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return candidate if isinstance(candidate, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.device = model_runner.device
        self.default_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_kv_pool(model_runner)
        self.max_bs = max_bs
        self.decode_loc_buffer: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_loc_buffer = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)

    def init_forward_metadata_capture_cuda_graph(self, bs: int):
        self.decode_loc_buffer[:bs].zero_()

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor):
        if self.swa_pool is not None:
            loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.decode_loc_buffer[:bs].copy_(loc)

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.numel()
        if self.decode_loc_buffer is None:
            self.init_cuda_graph_state(self.max_bs, max(self.max_bs, bs))
            self.init_forward_metadata_capture_cuda_graph(bs)
        self.init_forward_metadata_replay_cuda_graph(bs, loc)
        pool = self.swa_pool if self.swa_pool is not None else self.default_pool
        return pool, self.decode_loc_buffer[:bs].clone()
