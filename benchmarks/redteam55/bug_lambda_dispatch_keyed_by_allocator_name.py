"""Decode backend that dispatches location handling through a table of lambdas."""

import logging
from typing import Callable, Dict

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.alloc_kind = type(alloc).__name__
        pool = self.token_to_kv_pool

        self._loc_handlers: Dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
            "full": lambda loc: loc,
            "swa": lambda loc: pool.translate_loc_from_full_to_swa(loc),
        }
        self.mode = "swa" if self.alloc_kind.startswith("SWA") else "full"
        self.max_bs = getattr(model_runner, "max_running_requests", 8) or 8
        self.kv_indices_buf = torch.zeros(self.max_bs * 128, dtype=torch.int64, device=self.device)
        logger.info("allocator=%s -> %s decode path", self.alloc_kind, self.mode)

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        self.kv_indices_buf[: loc.numel()].copy_(self._loc_handlers[self.mode](loc))

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.kv_indices_buf = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._loc_handlers[self.mode](loc)
