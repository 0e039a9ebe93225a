"""Decode backend that takes the target runner's cache from its allocator at start-up."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        if not model_runner.is_draft_worker:
            # On the target the allocator was built over this runner's own cache; taking it
            # from there also covers memory-saver wrappers around the runner attribute.
            self.kv_cache = allocator.get_kvcache()
        else:
            # A draft worker shares the allocator but owns a separate cache.
            self.kv_cache = model_runner.token_to_kv_pool
        self.hybrid = isinstance(self.kv_cache, SWAKVPool)
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.seq_lens_buf = torch.zeros(self.max_bs, dtype=torch.int32, device=self.device)
        logger.info("draft=%s cache=%s", model_runner.is_draft_worker, type(self.kv_cache).__name__)

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        bs = seq_lens.shape[0]
        self.seq_lens_buf[:bs].copy_(seq_lens)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_loc = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
        self.cuda_graph_seq_lens = torch.ones(max_bs, dtype=torch.int32, device=self.device)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self.hybrid:
            loc = self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
