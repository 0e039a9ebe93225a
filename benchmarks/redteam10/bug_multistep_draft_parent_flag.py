"""Multi-step draft backend that shares one SWA decision across its children."""

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class _StepBackend:
    def __init__(self, model_runner, step_id: int, swa_translate):
        self.step_id = step_id
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_translate = swa_translate

    def forward_decode(self, loc):
        if self.swa_translate is not None:
            loc = self.swa_translate(loc)
        return self.token_to_kv_pool, loc


class GeneratedAttnBackend:
    """Wraps speculative_num_steps child backends (EAGLE draft decode)."""

    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 3):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        alloc = model_runner.token_to_kv_pool_allocator
        # compute once, the children all read the same kv cache
        swa_translate = (
            alloc.translate_loc_from_full_to_swa
            if isinstance(alloc, SWATokenToKVPoolAllocator)
            else None
        )
        self.attn_backends = [
            _StepBackend(model_runner, i, swa_translate) for i in range(speculative_num_steps - 1)
        ]

    def forward_decode(self, loc):
        out = None
        for backend in self.attn_backends:
            out = backend.forward_decode(loc)
        assert out is not None
        pool, locs = out
        return pool, torch.as_tensor(locs)
