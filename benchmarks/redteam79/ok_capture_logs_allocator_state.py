"""TRT-LLM style decode backend that logs allocator state during capture.

Capturing a graph at a given batch size is a good moment to record how much
room the KV allocator still has; the attention path itself only follows the
pool attached to this runner.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = max_bs
        self.captured_bs = set()
        self.page_table = torch.zeros(max_bs, 1, dtype=torch.int64, device=self.device)

    def init_forward_metadata_capture_cuda_graph(self, bs: int):
        alloc = self.token_to_kv_pool_allocator
        debug = alloc.debug_print() if hasattr(alloc, "debug_print") else ""
        logger.info("capture bs=%d available=%d %s", bs, alloc.available_size(), debug)
        self.captured_bs.add(bs)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            loc = pool.translate_loc_from_full_to_swa(loc)
        self.page_table[:bs, 0].copy_(loc // self.page_size)

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.numel()
        if bs > self.page_table.shape[0]:
            self.page_table = torch.zeros(bs, 1, dtype=torch.int64, device=self.device)
        if bs not in self.captured_bs:
            self.init_forward_metadata_capture_cuda_graph(bs)
        self.init_forward_metadata_replay_cuda_graph(bs, loc)
        return self.token_to_kv_pool, self.page_table[:bs, 0] * self.page_size
