"""Multi-step draft backend: a list of per-step backends built from one runner.

Each step backend probes the pool it reads for the window translator.  The
parent logs which allocator the steps share, for debugging memory pressure.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class StepBackend:
    def __init__(self, runner, step_id):
        self.step_id = step_id
        self.token_to_kv_pool = runner.token_to_kv_pool
        self.translate = None
        if hasattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa"):
            self.translate = self.token_to_kv_pool.translate_loc_from_full_to_swa

    def forward_decode(self, loc):
        if self.translate is not None:
            loc = self.translate(loc)
        return self.token_to_kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps=None):
        steps = speculative_num_steps or getattr(
            model_runner.server_args, "speculative_num_steps", None
        )
        self.speculative_num_steps = steps or 2
        self.attn_backends = [
            StepBackend(model_runner, i) for i in range(self.speculative_num_steps)
        ]
        alloc = model_runner.token_to_kv_pool_allocator
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            logger.info(
                "draft steps share a hybrid allocator (full=%d, swa=%d)",
                alloc.size,
                alloc.size_swa,
            )
        self.seq_lens = torch.zeros(self.speculative_num_steps, dtype=torch.int32)

    def forward_decode(self, loc):
        step = int(self.seq_lens.argmin())
        return self.attn_backends[step].forward_decode(loc)
