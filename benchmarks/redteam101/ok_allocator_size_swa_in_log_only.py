"""Hybrid SWA decode backend with startup capacity reporting.

At startup the backend logs the allocator's full/SWA capacities (when the
allocator reports them) next to the speculative settings. The read path only
depends on the runner's pool.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _capacity_summary(allocator) -> str:
    if hasattr(allocator, "size_swa"):
        return f"full={allocator.size_full} swa={allocator.size_swa}"
    return f"size={allocator.size}"


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 3, topk: int = 4):
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "%s backend: spec=%s steps=%d topk=%d capacity[%s]",
            "draft" if model_runner.is_draft_worker else "target",
            model_runner.spec_algorithm,
            speculative_num_steps,
            topk,
            _capacity_summary(allocator),
        )
        self.kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_sliding_window:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_draft_extend(self, loc: torch.Tensor):
        return self.forward_decode(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self.forward_decode(loc)
