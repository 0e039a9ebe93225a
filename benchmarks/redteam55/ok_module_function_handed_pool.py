"""Chunked-prefill friendly decode backend; location remapping lives in a module-level helper."""

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


def remap_to_window(pool, loc: torch.Tensor) -> torch.Tensor:
    """Map full-cache slots to window-cache slots when ``pool`` keeps a window region."""
    mapping = getattr(pool, "full_to_swa_index_mapping", None)
    if mapping is None:
        return loc
    return mapping.index_select(0, loc)


@dataclass
class StepInfo:
    bs: int
    num_tokens: int
    window_budget: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(model_runner, "page_size", 1)
        self.last_step = StepInfo(0, 0, 0)
        self.cuda_graph_loc = torch.zeros(
            getattr(model_runner, "max_running_requests", 8) or 8,
            dtype=torch.int64,
            device=self.device,
        )

    def init_forward_metadata(self, forward_batch):
        # The allocator's window size is bookkeeping only: it bounds the step,
        # it never picks the slots we read.
        budget = int(getattr(self.token_to_kv_pool_allocator, "size_swa", 0) or 0)
        self.last_step = StepInfo(
            int(forward_batch.batch_size),
            int(forward_batch.out_cache_loc.numel()),
            budget,
        )

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor):
        self.cuda_graph_loc[:bs].copy_(remap_to_window(self.kv_pool, loc[:bs]))

    def forward_decode(self, loc):
        locations = remap_to_window(self.kv_pool, loc)
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("bs=%d remapped %d slots", self.last_step.bs, loc.numel())
        return self.kv_pool, locations
