"""Decode backend with per-layer SWA dispatch for speculative workers.

Whether the deployment runs hybrid SWA is read off the allocator's registered
cache; the step then reads the runner's own pool.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 3, topk: int = 1):
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        registered = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.swa_enabled = isinstance(registered, SWAKVPool)
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.mode = "decode"

        if model_runner.is_draft_worker:
            self.kernel = "draft_multi_step"
        elif model_runner.spec_algorithm.is_eagle():
            self.kernel = "tree_verify"
        else:
            self.kernel = "paged_decode"
        logger.info("attention kernel=%s swa=%s", self.kernel, self.swa_enabled)

    def _read(self, loc: torch.Tensor):
        if self.swa_enabled:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc

    def forward_decode(self, loc: torch.Tensor):
        self.mode = "decode"
        return self._read(loc)

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        self.mode = f"draft_decode[{step}]"
        return self._read(loc)

    def forward_draft_extend(self, loc: torch.Tensor):
        self.mode = "draft_extend"
        return self._read(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        self.mode = "target_verify"
        return self._read(loc)
