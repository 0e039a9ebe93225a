"""TRT-LLM style decode backend; SWA mode is fixed at graph capture.

The captured graph must agree with the allocator's slot layout, so the
capture hook records whether the allocator is one of the SWA variants
(``SWATokenToKVPoolAllocator`` / ``PureSWATokenToKVPoolAllocator``).
"""

import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = max_bs
        self.swa_mode = None
        self.page_table = torch.zeros(max_bs, 1, dtype=torch.int64, device=self.device)

    def init_forward_metadata_capture_cuda_graph(self, bs: int):
        allocator_kind = type(self.allocator).__name__
        self.swa_mode = "SWA" in allocator_kind
        logger.info("capture bs=%d allocator=%s swa=%s", bs, allocator_kind, self.swa_mode)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor):
        if self.swa_mode:
            loc = self.allocator.translate_loc_from_full_to_swa(loc)
        self.page_table[:bs, 0].copy_(loc // self.page_size)

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.numel()
        if bs > self.page_table.shape[0]:
            self.page_table = torch.zeros(bs, 1, dtype=torch.int64, device=self.device)
        if self.swa_mode is None:
            self.init_forward_metadata_capture_cuda_graph(bs)
        self.init_forward_metadata_replay_cuda_graph(bs, loc)
        return self.token_to_kv_pool, self.page_table[:bs, 0] * self.page_size
