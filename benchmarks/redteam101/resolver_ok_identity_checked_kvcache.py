"""SWA pool lookup that only trusts the allocator's cache when it is ours.

The allocator may be shared across workers in a speculative deployment, so
its registered cache is accepted only if it is the very pool attached to this
runner (or a frozen-KV MTP draft, which reads the target cache by design).
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 2, topk: int = 1):
        self.model_runner = model_runner
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.lookup_swa_pool()

    def lookup_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        registered = runner.token_to_kv_pool_allocator.get_kvcache()
        reads_target_cache = runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp()
        if registered is not self.kv_pool and not reads_target_cache:
            registered = self.kv_pool
        return registered if isinstance(registered, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        return self.forward_decode(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self.forward_decode(loc)
