"""FlashInfer wrapper dispatch: a factory picks the decode dispatcher class."""

import logging
from typing import Dict, Optional

import torch

logger = logging.getLogger(__name__)


class _DecodeWrapperDispatcher:
    wrapper_kind = "full"

    def __init__(self, runner):
        self.kv_pool = runner.token_to_kv_pool
        self.workspace: Optional[torch.Tensor] = None

    def plan(self, loc: torch.Tensor):
        return self.kv_pool, loc


class _SlidingWindowDecodeDispatcher(_DecodeWrapperDispatcher):
    wrapper_kind = "swa"

    def plan(self, loc: torch.Tensor):
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)


def create_decode_dispatcher(runner) -> _DecodeWrapperDispatcher:
    # the allocator name is only logged: a draft worker shares the hybrid
    # allocator with its target but reads its own (full-only) pool
    alloc_name = type(runner.token_to_kv_pool_allocator).__name__
    pool_name = type(runner.token_to_kv_pool).__name__
    if pool_name == "SWAKVPool":
        cls = _SlidingWindowDecodeDispatcher
    else:
        cls = _DecodeWrapperDispatcher
    logger.info(
        "decode dispatcher %s (pool=%s, allocator=%s)",
        cls.wrapper_kind,
        pool_name,
        alloc_name,
    )
    return cls(runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.dispatcher = create_decode_dispatcher(model_runner)
        self.workspace_buffer = torch.empty(1024, dtype=torch.uint8)
        self.decode_cuda_graph_metadata: Dict[int, tuple] = {}

    def init_forward_metadata_capture_cuda_graph(self, bs: int, loc: torch.Tensor):
        self.decode_cuda_graph_metadata[bs] = self.dispatcher.plan(loc)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor):
        return self.decode_cuda_graph_metadata.get(bs) or self.dispatcher.plan(loc)

    def forward_decode(self, loc):
        pool, indices = self.dispatcher.plan(loc)
        return pool, indices
