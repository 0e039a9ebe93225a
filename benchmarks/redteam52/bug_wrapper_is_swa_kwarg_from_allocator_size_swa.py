"""Decode wrapper dispatcher configured with an is_swa flag by the backend."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class WrapperDispatchConfig:
    is_swa: bool
    window_tokens: int
    full_tokens: int


class DecodeWrapperDispatcher:
    """Routes a decode step to the full or sliding-window wrapper."""

    def __init__(self, pool, *, config: WrapperDispatchConfig):
        self.pool = pool
        self.config = config
        self.num_plans = 0

    def dispatch(self, loc: torch.Tensor):
        self.num_plans += 1
        if self.config.is_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        window_tokens = int(getattr(allocator, "size_swa", 0) or 0)
        config = WrapperDispatchConfig(
            is_swa=window_tokens > 0,
            window_tokens=window_tokens,
            full_tokens=int(allocator.size),
        )
        self.dispatcher = DecodeWrapperDispatcher(model_runner.token_to_kv_pool, config=config)
        self.max_bs = model_runner.max_running_requests
        self.cuda_graph_kv_indptr: Optional[torch.Tensor] = None
        logger.info(
            "decode dispatcher: swa=%s window=%d full=%d",
            config.is_swa,
            config.window_tokens,
            config.full_tokens,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indptr = torch.zeros((max_bs + 1,), dtype=torch.int32)

    def init_forward_metadata(self, loc: torch.Tensor):
        return self.dispatcher.dispatch(loc)

    def forward_decode(self, loc):
        pool, kv_indices = self.init_forward_metadata(loc)
        return pool, kv_indices
