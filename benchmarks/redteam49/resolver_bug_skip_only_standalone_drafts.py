"""SWA pool resolution for target and draft workers.

Standalone drafts run a separate small model with their own pool, so they
never read the target's window cache.  Other speculative workers resolve to
the allocator's hybrid cache when their own pool is full-only.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SWAResolverMixin:
    def _resolve_swa_pool(self, runner) -> Optional[SWAKVPool]:
        pool = runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        algo = runner.spec_algorithm
        if runner.is_draft_worker and algo.is_standalone():
            return None
        kv = runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend(_SWAResolverMixin):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.kv_indices = torch.zeros(
            (getattr(model_runner, "max_running_requests", 1) or 1) * 8,
            dtype=torch.int64,
            device=model_runner.device,
        )

    def _fill(self, locations: torch.Tensor) -> torch.Tensor:
        n = min(locations.numel(), self.kv_indices.numel())
        self.kv_indices[:n].copy_(locations[:n])
        return self.kv_indices[:n].clone()

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if max_num_tokens > self.kv_indices.numel():
            self.kv_indices = torch.zeros(
                max_num_tokens, dtype=torch.int64, device=self.kv_indices.device
            )

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, loc):
        return self.forward_decode(loc)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self._fill(self.swa_pool.translate_loc_from_full_to_swa(loc))
        return self.token_to_kv_pool, self._fill(loc)
