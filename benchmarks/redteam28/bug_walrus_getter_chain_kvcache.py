"""Backend that resolves its windowed pool with an assignment-expression chain."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.swa_pool: Optional[SWAKVPool] = None
        allocator = model_runner.token_to_kv_pool_allocator
        if (getter := getattr(allocator, "get_kvcache", None)) is not None and isinstance(
            kv := getter(), SWAKVPool
        ):
            self.swa_pool = kv
            logger.info(
                "hybrid swa: %d full / %d swa layers", kv.full_layer_nums, kv.swa_layer_nums
            )
        self.max_bs = model_runner.max_running_requests
        self.cu_seqlens_k = torch.zeros(
            self.max_bs + 1, dtype=torch.int32, device=model_runner.device
        )

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.cu_seqlens_k[1 : bs + 1] = torch.cumsum(forward_batch.seq_lens, dim=0)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_seq_lens = torch.ones(max_bs, dtype=torch.int32)
        self.graph_out_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, seq_lens: torch.Tensor):
        self.graph_seq_lens[:bs].copy_(seq_lens[:bs])
        self.graph_seq_lens[bs:].fill_(1)

    def forward_decode(self, loc):
        if (pool := self.swa_pool) is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
