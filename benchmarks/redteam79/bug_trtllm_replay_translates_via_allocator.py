"""TRT-LLM MHA style decode backend.

Replay refreshes the translated SWA write locations using the allocator's
full->SWA mapping, which is kept in sync with every ``alloc_decode``.
"""

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_num_tokens: int = 32):
        self.device = model_runner.device
        self.kv_cache = model_runner.token_to_kv_pool
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.translate_on_replay = hasattr(self.allocator, "translate_loc_from_full_to_swa")
        self.decode_out_cache_loc = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )
        self.graph_state_ready = False

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if max_num_tokens > self.decode_out_cache_loc.numel():
            self.decode_out_cache_loc = torch.zeros(
                max_num_tokens, dtype=torch.int64, device=self.device
            )
        self.graph_state_ready = True

    def _write_locations(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if self.translate_on_replay:
            return self.allocator.translate_loc_from_full_to_swa(out_cache_loc)
        return out_cache_loc

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        n = out_cache_loc.numel()
        self.decode_out_cache_loc[:n].copy_(self._write_locations(out_cache_loc))

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        if not self.graph_state_ready:
            self.init_cuda_graph_state(n, n)
        self.init_forward_metadata_replay_cuda_graph(n, loc)
        pool = self.kv_cache
        if self.translate_on_replay:
            pool = self.allocator.get_kvcache()
        return pool, self.decode_out_cache_loc[:n].clone()
