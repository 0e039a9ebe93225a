"""Decode backend that picks its kernel variant from the speculative role.

Draft workers use the multi-step kernel with topk branching, the target of an
EAGLE deployment uses the tree-verify kernel, and plain decoding uses the
paged kernel. The KV view is the runner's own pool in every case.
"""

import enum
import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KernelVariant(enum.Enum):
    PAGED = "paged"
    DRAFT_MULTI_STEP = "draft_multi_step"
    TREE_VERIFY = "tree_verify"


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 4, topk: int = 8):
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        if model_runner.is_draft_worker:
            self.kernel = KernelVariant.DRAFT_MULTI_STEP
        elif model_runner.spec_algorithm.is_eagle():
            self.kernel = KernelVariant.TREE_VERIFY
        else:
            self.kernel = KernelVariant.PAGED

        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.window_pool = pool if isinstance(pool, SWAKVPool) else None
        self.num_kv_splits = 2 if self.kernel is KernelVariant.DRAFT_MULTI_STEP else 8
        logger.info(
            "kernel=%s num_kv_splits=%d window=%s",
            self.kernel.value,
            self.num_kv_splits,
            self.window_pool is not None,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.window_pool is not None:
            return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        if self.kernel is not KernelVariant.DRAFT_MULTI_STEP:
            raise RuntimeError("draft decode on a non-draft backend")
        return self.forward_decode(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self.forward_decode(loc)
